import { Anchor, Badge, Box, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { PrefetchLink } from '../components/PrefetchLink';
import { paths, ROUTES_WITHOUT_USER_MENU } from '../config/paths';
import { pageProductName, useAppConfig } from '../lib/app-config';
import { useCurrentUser } from '../lib/auth';
import { useOnline } from '../lib/online';
import { registerOfflineCode } from '../lib/prefetch';
import { useHasOutbox } from '../lib/outbox/has-outbox';
import { useLatch } from '../lib/use-latch';
import { UserMenu } from './UserMenu';
import { Links } from './NavLinks';
import classes from './Navbar.module.css';

const NavDrawer = lazy(() => import('./NavDrawer'));

function OnlineIndicator() {
  return useOnline() ? null : (
    // Whole at a phone's width too: the product name gives way first.
    <Badge color="danger" variant="filled" role="status" style={{ flex: 'none' }}>
      Offline
    </Badge>
  );
}

/**
 * With no network, what still opens (OfflineBanner.tsx). Shown only on a page a service worker
 * serves, which alone opens offline at all: its code loads once the worker is active (main.tsx),
 * never on a first visit's way. Not kept after all: no banner, rather than a screen's error.
 */
const OfflineBanner = lazy<ComponentType>(() => import('./OfflineBanner').catch(() => ({ default: () => null })));

/** What the user recorded with no network, and its sending: loaded only once something waits. */
const loadOutboxStatus = () => import('../components/OutboxStatus');
const OutboxStatus = lazy<ComponentType>(() => loadOutboxStatus().catch(() => ({ default: () => null })));
registerOfflineCode(loadOutboxStatus);

function Outbox() {
  const { user } = useCurrentUser();
  return useHasOutbox(user?.username) ? (
    <Suspense fallback={null}>
      <OutboxStatus />
    </Suspense>
  ) : null;
}

/** The top bar: brand, main links (a burger menu on narrow screens), online state, user menu. */
export function Navbar({ dark = false }: { dark?: boolean }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's code loads when it is first opened (the first-visit budget), then stays.
  const drawerWanted = useLatch(opened);
  const productName = useAppConfig()?.productName ?? pageProductName() ?? 'Observatory';
  const { pathname } = useLocation();
  const online = useOnline();
  const showUserMenu = !ROUTES_WITHOUT_USER_MENU.some((route) => pathname === route || pathname.startsWith(`${route}/`));
  return (
    <>
      <Box component="header" className={dark ? `${classes.header} ${classes.dark}` : classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* May shrink: a long product name is cut short rather than push the header past a phone's width. */}
          <Group gap="md" wrap="nowrap" miw={0}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Open the navigation" color={dark ? 'white' : undefined} />
            <Anchor component={PrefetchLink} to={paths.home} className={classes.brand} underline="never" miw={0}>
              <Text fw={700} truncate="end">
                {productName}
              </Text>
            </Anchor>
            <Box component="nav" aria-label="Main" visibleFrom="md">
              <Links />
            </Box>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <OnlineIndicator />
            <Outbox />
            {showUserMenu ? <UserMenu dark={dark} /> : null}
          </Group>
        </Group>
        {drawerWanted ? (
          <Suspense fallback={null}>
            <NavDrawer opened={opened} onClose={close} title={productName} />
          </Suspense>
        ) : null}
      </Box>
      {online || !navigator.serviceWorker?.controller ? null : (
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      )}
    </>
  );
}
