import { Anchor, Badge, Box, Burger, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure, useNetwork } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { PrefetchLink } from '../components/PrefetchLink';
import { paths, ROUTES_WITHOUT_USER_MENU } from '../config/paths';
import { pageProductName, useAppConfig } from '../lib/app-config';
import { UserMenu } from './UserMenu';
import classes from './Navbar.module.css';

export const NAV_LINKS = [
  { label: 'Projects', to: paths.projects },
  { label: 'Sites', to: paths.sites },
  { label: 'People', to: paths.people },
  { label: 'Partners', to: paths.partners },
  { label: 'Publications', to: paths.pubs },
  { label: 'Insights', to: paths.insights },
];

function Links({ onNavigate, vertical = false }: { onNavigate?: () => void; vertical?: boolean }) {
  const extra = useAppConfig()?.headerLinks ?? [];
  const Wrapper = vertical ? Stack : Group;
  return (
    <Wrapper gap={vertical ? 'xs' : 4}>
      {NAV_LINKS.map((link) => (
        <Anchor key={link.to} component={PrefetchLink} to={link.to} className={classes.link} onClick={onNavigate}>
          {link.label}
        </Anchor>
      ))}
      {extra.map((link) => (
        <Anchor key={link.url} href={link.url} className={classes.link} target={link.url.startsWith('http') ? '_blank' : undefined} rel="noreferrer">
          {link.label}
        </Anchor>
      ))}
    </Wrapper>
  );
}

function OnlineIndicator() {
  const { online } = useNetwork();
  return online ? null : (
    <Badge color="danger" variant="filled" role="status">
      Offline
    </Badge>
  );
}

/** The top bar: brand, main links (a burger menu on narrow screens), online state, user menu. */
export function Navbar({ dark = false }: { dark?: boolean }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const productName = useAppConfig()?.productName ?? pageProductName() ?? 'Observatory';
  const { pathname } = useLocation();
  const showUserMenu = !ROUTES_WITHOUT_USER_MENU.some((route) => pathname === route || pathname.startsWith(`${route}/`));
  return (
    <Box component="header" className={dark ? `${classes.header} ${classes.dark}` : classes.header}>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Open the navigation" color={dark ? 'white' : undefined} />
          <Anchor component={PrefetchLink} to={paths.home} className={classes.brand} underline="never">
            <Text fw={700} span>
              {productName}
            </Text>
          </Anchor>
          <Box component="nav" aria-label="Main" visibleFrom="md">
            <Links />
          </Box>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <OnlineIndicator />
          {showUserMenu ? <UserMenu /> : null}
        </Group>
      </Group>
      <Drawer opened={opened} onClose={close} title={productName} hiddenFrom="md" size="xs">
        <nav aria-label="Main">
          <Links vertical onNavigate={close} />
        </nav>
      </Drawer>
    </Box>
  );
}
