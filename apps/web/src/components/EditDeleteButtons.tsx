import { Button } from '@mantine/core';
import { PrefetchLink } from './PrefetchLink';

/** A detail page's Edit link and Delete button, each shown when the reader's permissions allow it. */
export function EditDeleteButtons({
  permissions,
  editTo,
  onDelete,
  deleting,
}: {
  permissions: readonly string[];
  editTo: string;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <>
      {permissions.includes('edit') ? (
        <Button component={PrefetchLink} to={editTo} variant="default" size="xs">
          Edit
        </Button>
      ) : null}
      {permissions.includes('delete') ? (
        <Button variant="subtle" color="danger" size="xs" onClick={onDelete} loading={deleting}>
          Delete
        </Button>
      ) : null}
    </>
  );
}
