import { Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { useHasPermission } from '../../../../lib/auth';
import AdminLayout from '../AdminLayout';

/**
 * The import screens sit in Site Admin (its menu beside them) for those who may enter it.
 * A project's editor without accessAdmin may still import observations into the project's
 * data tables: for them the same screens stand alone, without the Site Admin menu.
 */
export default function ImportLayout() {
  const admin = useHasPermission('accessAdmin');
  if (admin) return <AdminLayout />;
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Outlet />
    </Container>
  );
}
