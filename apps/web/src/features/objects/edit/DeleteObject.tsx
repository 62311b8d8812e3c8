import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/FormError';
import { paths } from '../../../config/paths';
import type { ObjectDetail } from '../api';
import { useDeleteObject } from './api';
import { confirmDelete } from '../../../components/confirm';

export function DeleteObject({ detail }: { detail: ObjectDetail }) {
  const navigate = useNavigate();
  const { title, name } = detail.obj;
  const remove = useDeleteObject(name, () => {
    notifications.show({ color: 'green', message: `${title} was deleted` });
    return navigate(paths.data);
  });
  // The object's name typed before it goes.
  const confirm = () =>
    confirmDelete({
      title: `Delete ${title}?`,
      message: 'Its notes and photos go with it, and its children lose their parent. This cannot be undone. Type the object’s name to confirm.',
      typed: { label: 'Object name', value: name, description: name },
      confirmLabel: 'Delete object',
      onConfirm: () => remove.mutate(detail.obj.version),
    });
  return (
    <Stack gap="sm">
      <FormError error={remove.error} />
      <Button color="danger" variant="outline" w="fit-content" loading={remove.isPending} onClick={confirm}>
        Delete this object
      </Button>
    </Stack>
  );
}
