import { Avatar, Button, Menu, useMantineColorScheme } from '@mantine/core';
import { IconBook, IconFolders, IconKey, IconLogin, IconLogout, IconMoon, IconSettings, IconSun, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { PrefetchLink } from '../components/PrefetchLink';
import { paths } from '../config/paths';
import { useCurrentUser, useHasPermission, useLogout } from '../lib/auth';

/** Help/Docs always; the signed-in user's pages and Sign Out, or Sign In. */
export function UserMenu() {
  const { user } = useCurrentUser();
  const isAdmin = useHasPermission('accessAdmin');
  const logout = useLogout();
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const item = (to: string, label: string, icon: React.ReactNode) => (
    <Menu.Item component={PrefetchLink} to={to} leftSection={icon}>
      {label}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        {user ? (
          <Button variant="subtle" color="gray" leftSection={<Avatar size="sm" name={user.username} color="blue" variant="filled" />} aria-label={`User menu of ${user.username}`}>
            {user.username}
          </Button>
        ) : (
          <Button variant="default" aria-label="User menu">
            Menu
          </Button>
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
}
