import { Container, Group, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';

const SECTIONS = [
  { to: paths.admin, label: 'Overview', end: true },
  { to: paths.adminInstitutions, label: 'Institutions', end: false },
];

/** Site Admin: a side menu of sections beside the section's page. */
export default function AdminLayout() {
  return (
    <Container size="xl" py="xl">
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Stack component="nav" aria-label="Site Admin" gap={2} w={200} style={{ flexShrink: 0 }}>
          {SECTIONS.map((s) => (
            <MantineNavLink key={s.to} component={PrefetchLink} to={s.to} end={s.end} label={s.label} />
          ))}
        </Stack>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </div>
      </Group>
    </Container>
  );
}
