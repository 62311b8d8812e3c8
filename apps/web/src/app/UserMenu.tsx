import { ActionIcon, Avatar, Box, Button, Group, Menu, useMantineColorScheme } from '@mantine/core';
import {
  IconBook,
  IconDotsVertical,
  IconFolders,
  IconKey,
  IconLogin,
  IconLogout,
  IconMoon,
  IconSettings,
  IconSun,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { PrefetchLink } from '../components/PrefetchLink';
import { paths } from '../config/paths';
import { useCurrentUser, useHasPermission, useLogout } from '../lib/auth';

/**
 * Signed in: a menu under the user's name (the avatar alone on a phone) with Help/Docs,
 * their pages and Sign Out. A visitor: a visible Sign In, and Help/Docs and the colours
 * in a small menu beside it (on a phone they are in the navigation drawer).
 */
export function UserMenu({ dark = false }: { dark?: boolean }) {
  // On the map's black bar, gray would be nearly unreadable.
  const tone = dark ? 'white' : 'gray';
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const isAdmin = useHasPermission('accessAdmin');
  const logout = useLogout();
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const item = (to: string, label: string, icon: React.ReactNode) => (
    <Menu.Item component={PrefetchLink} to={to} leftSection={icon}>
      {label}
    </Menu.Item>
  );
  const menu = (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        {user ? (
          <Button
            variant="subtle"
            color={tone}
            px={6}
            leftSection={<Avatar size="sm" name={user.username} color="blue" variant="filled" />}
            aria-label={`User menu of ${user.username}`}
          >
            <Box component="span" visibleFrom="sm">
              {user.username}
            </Box>
          </Button>
        ) : (
          <ActionIcon variant="subtle" color={tone} size="lg" aria-label="User menu" visibleFrom="md">
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {item(paths.docs, 'Help/Docs', <IconBook size={16} />)}
        {user ? (
          <>
            <Menu.Divider />
            {item(paths.person(user.username), 'My Profile', <IconUser size={16} />)}
            {item(paths.myProjects, 'My Projects', <IconFolders size={16} />)}
            {item(paths.myTeams, 'My Teams', <IconUsersGroup size={16} />)}
            {item(paths.me, 'My Account', <IconKey size={16} />)}
            {isAdmin ? item(paths.admin, 'Site Admin', <IconSettings size={16} />) : null}
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Item leftSection={colorScheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />} onClick={toggleColorScheme}>
          {colorScheme === 'dark' ? 'Light colours' : 'Dark colours'}
        </Menu.Item>
        {user ? (
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => logout.mutate({})}>
            Sign Out
          </Menu.Item>
        ) : (
          item(paths.login, 'Sign In', <IconLogin size={16} />)
        )}
      </Menu.Dropdown>
    </Menu>
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
