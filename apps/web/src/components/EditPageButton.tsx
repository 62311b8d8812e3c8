import { Button } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { PageDetail } from '@observatory/shared';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useHasPermission } from '../lib/auth';

/**
 * Edit for a documentation page (or the privacy statement): its editor is in Site Admin,
 * so the button shows only to those who may edit the page and open Site Admin.
 */
export function EditPageButton({ detail }: { detail: PageDetail }) {
  const opensAdmin = useHasPermission('accessAdmin');
  if (!opensAdmin || !detail.permissions.includes('edit')) return null;
  return (
    <Button component={Link} to={paths.adminPage(detail.page.path)} variant="default" size="sm" leftSection={<IconEdit size={16} aria-hidden />}>
      Edit
    </Button>
  );
}
