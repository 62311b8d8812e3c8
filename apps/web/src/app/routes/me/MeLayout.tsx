import { Container, Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

const TABS = [
  { to: paths.me, label: 'Account' },
  { to: paths.myPhotos, label: 'Photos' },
  { to: paths.myProjects, label: 'Projects' },
  { to: paths.myTeams, label: 'Teams' },
  { to: paths.myKept, label: 'Offline' },
  { to: paths.myOutbox, label: 'To send' },
] as const;

/** /me and its children (account, photos, projects, teams, kept offline) as tabs over the page shown. */
export default function MeLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = TABS.find((t) => t.to === pathname.replace(/\/$/, ''))?.to ?? paths.me;
  return (
    <>
      <Container size="lg" pt="md">
        <nav aria-label="My pages">
          <Tabs value={current} onChange={(to) => to && void navigate(to)}>
            <Tabs.List>
              {TABS.map((t) => (
                <Tabs.Tab key={t.to} value={t.to}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        </nav>
      </Container>
      <Outlet />
    </>
  );
}
