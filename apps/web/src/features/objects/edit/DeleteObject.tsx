import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/FormError';
import { paths } from '../../../config/paths';
import type { ObjectDetail } from '../api';
import { useDeleteObject } from './api';

/** The object's name typed before it goes (the modal lives outside the router: it only calls back). */
function TypedConfirmation({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  const [typed, setTyped] = useState('');
  return (
    <Stack gap="sm">
      <Text size="sm">Its notes and photos go with it, and its children lose their parent. This cannot be undone. Type the object’s name to confirm.</Text>
      <TextInput label="Object name" description={name} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} data-autofocus autoComplete="off" />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.closeAll()}>
          Keep it
        </Button>
        <Button color="danger" disabled={typed.trim() !== name} onClick={() => (modals.closeAll(), onConfirm())}>
          Delete object
        </Button>
      </Group>
    </Stack>
  );
}

export function DeleteObject({ detail }: { detail: ObjectDetail }) {
  const navigate = useNavigate();
  const { title, name } = detail.obj;
  const remove = useDeleteObject(name, () => {
    notifications.show({ color: 'green', message: `${title} was deleted` });
    return navigate(paths.data);
  });
  const confirm = () =>
    modals.open({
      title: `Delete ${title}?`,
      closeButtonProps: { 'aria-label': 'Close' },
      children: <TypedConfirmation name={name} onConfirm={() => remove.mutate()} />,
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
