import { Anchor, Badge, Box, Burger, Button, Divider, Drawer, Group, Stack, Text, useMantineColorScheme } from '@mantine/core';
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
  { label: 'Photos', to: paths.photos },
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

/** Help/Docs and the colours, which a visitor's small menu holds on wider screens. */
function DrawerExtras({ onNavigate }: { onNavigate: () => void }) {
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  return (
    <Stack gap="xs" align="flex-start">
      <Anchor component={PrefetchLink} to={paths.docs} className={classes.link} onClick={onNavigate}>
        Help/Docs
      </Anchor>
      <Button variant="subtle" color="gray" size="compact-sm" onClick={toggleColorScheme}>
        {colorScheme === 'dark' ? 'Light colours' : 'Dark colours'}
      </Button>
    </Stack>
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
          {showUserMenu ? <UserMenu dark={dark} /> : null}
        </Group>
      </Group>
      <Drawer opened={opened} onClose={close} title={productName} hiddenFrom="md" size="xs">
        <nav aria-label="Main">
          <Links vertical onNavigate={close} />
        </nav>
        <Divider my="sm" />
        <DrawerExtras onNavigate={close} />
      </Drawer>
    </Box>
  );
}
