import { hasGlobalPermission, type GlobalPermission } from '@observatory/shared';
import { Container, Group, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { PrefetchLink } from '../../../components/PrefetchLink';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';

const SECTIONS: { to: string; label: string; end?: boolean; permission?: GlobalPermission }[] = [
  { to: paths.admin, label: 'Overview', end: true },
  { to: paths.adminProjects, label: 'Projects', permission: 'manageProjects' },
  { to: paths.adminUsers, label: 'Users', permission: 'manageUsers' },
  { to: paths.adminRoles, label: 'Roles' },
  { to: paths.adminTeams, label: 'Teams', permission: 'manageTeams' },
  { to: paths.adminInstitutions, label: 'Institutions' },
];

/** Site Admin: a side menu of sections beside the section's page. */
export default function AdminLayout() {
  const { user } = useCurrentUser();
  const sections = SECTIONS.filter((s) => !s.permission || hasGlobalPermission(user, s.permission));
  return (
    <Container size="xl" py="xl">
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Stack component="nav" aria-label="Site Admin" gap={2} w={200} style={{ flexShrink: 0 }}>
          {sections.map((s) => (
            <MantineNavLink key={s.to} component={PrefetchLink} to={s.to} end={s.end ?? false} label={s.label} />
          ))}
        </Stack>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </div>
      </Group>
    </Container>
  );
}
