import { hasGlobalPermission, type GlobalPermission } from '@observatory/shared';
import { Box, Button, Container, Drawer, Group, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import { Outlet, useLocation } from 'react-router';
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
  { to: paths.adminUnits, label: 'Units', permission: 'manageSchema' },
  { to: paths.adminMetrics, label: 'Metrics', permission: 'manageSchema' },
  { to: paths.adminObjectTypes, label: 'Object types', permission: 'manageSchema' },
  { to: paths.adminSchemas, label: 'Metadata schemas', permission: 'manageSchema' },
  { to: paths.adminNodeTypes, label: 'Node types', permission: 'manageSchema' },
  { to: paths.adminObjects, label: 'Objects', permission: 'manageProjects' },
  { to: paths.adminAssets, label: 'Assets', permission: 'manageAssets' },
  { to: paths.adminPages, label: 'Pages', permission: 'managePages' },
  { to: paths.adminShortlinks, label: 'Shortlinks', permission: 'manageShortlinks' },
  { to: paths.adminBasemap, label: 'Basemap', permission: 'manageSettings' },
  { to: paths.adminPublishing, label: 'Publishing', permission: 'manageSettings' },
  { to: paths.adminWebhooks, label: 'Webhooks', permission: 'manageSettings' },
  { to: paths.adminImport, label: 'Import', permission: 'importData' },
];

function SectionLinks({ sections, onNavigate }: { sections: typeof SECTIONS; onNavigate?: () => void }) {
  return (
    <Stack component="nav" aria-label="Site Admin" gap={2}>
      {sections.map((s) => (
        <MantineNavLink key={s.to} component={PrefetchLink} to={s.to} end={s.end ?? false} label={s.label} onClick={onNavigate} />
      ))}
    </Stack>
  );
}

/**
 * Site Admin: a side menu of sections beside the section's page; on a narrow screen the
 * menu is a drawer behind a "Site Admin sections" button, and the page has the width.
 */
export default function AdminLayout() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const [opened, { open, close }] = useDisclosure(false);
  const sections = SECTIONS.filter((s) => !s.permission || hasGlobalPermission(user, s.permission));
  const current = [...sections].reverse().find((s) => (s.end ? pathname === s.to : pathname === s.to || pathname.startsWith(`${s.to}/`)));
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box w={200} visibleFrom="sm" style={{ flexShrink: 0 }}>
          <SectionLinks sections={sections} />
        </Box>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Button hiddenFrom="sm" variant="default" size="xs" mb="md" leftSection={<IconMenu2 size={16} aria-hidden />} onClick={open} aria-haspopup="dialog">
            Site Admin{current ? `: ${current.label}` : ''}
          </Button>
          <Outlet />
        </div>
      </Group>
      <Drawer opened={opened} onClose={close} title="Site Admin" hiddenFrom="sm" size="xs">
        <SectionLinks sections={sections} onNavigate={close} />
      </Drawer>
    </Container>
  );
}
