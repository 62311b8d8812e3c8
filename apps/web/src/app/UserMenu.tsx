import { ActionIcon, Box, Button, Group } from '@mantine/core';
import { IconDotsVertical, IconLogin } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { PrefetchLink } from '../components/PrefetchLink';
import { paths } from '../config/paths';
import { useCurrentUser } from '../lib/auth';
import { registerOfflineCode } from '../lib/prefetch';
import classes from './Navbar.module.css';

const loadDropdown = () => import('./UserMenuDropdown');
const UserMenuDropdown = lazy(loadDropdown);
// Signing out works with no network too.
registerOfflineCode(loadDropdown);

/**
 * Signed in: a menu under the user's name (the avatar alone on a phone) with Help/Docs,
 * their pages and Sign Out. A visitor: a visible Sign In, and Help/Docs and the colours
 * in a small menu beside it (on a phone they are in the navigation drawer). The menu's
 * code loads when the pointer or focus reaches its button, and it opens on the click.
 */
export function UserMenu({ dark = false }: { dark?: boolean }) {
  // On the map's black bar, gray would be nearly unreadable.
  const tone = dark ? 'white' : 'gray';
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  const early = opened ? {} : { onClick: () => setOpened(true), onPointerEnter: () => void loadDropdown(), onFocus: () => void loadDropdown() };
  const target = user ? (
    <Button
      variant="subtle"
      color={tone}
      px={6}
      // The initials in a circle, as Mantine's Avatar draws it (whose code the first visit would load for it alone).
      leftSection={
        <span className={classes.initial} aria-hidden>
          {user.username.slice(0, 2).toUpperCase()}
        </span>
      }
      aria-label={`User menu of ${user.username}`}
      aria-haspopup="menu"
      {...early}
    >
      <Box component="span" visibleFrom="sm">
        {user.username}
      </Box>
    </Button>
  ) : (
    <ActionIcon variant="subtle" color={tone} size="lg" aria-label="User menu" aria-haspopup="menu" visibleFrom="md" {...early}>
      <IconDotsVertical size={18} aria-hidden />
    </ActionIcon>
  );
  const menu = opened ? (
    <Suspense fallback={target}>
      <UserMenuDropdown target={target} />
    </Suspense>
  ) : (
    target
  );
  if (user) return menu;
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {pathname === paths.login ? null : (
        <Button
          component={PrefetchLink}
          to={paths.login}
          variant="default"
          size="sm"
          style={{ flexShrink: 0 }}
          leftSection={<IconLogin size={16} aria-hidden />}
        >
          Sign In
        </Button>
      )}
      {menu}
    </Group>
  );
}
