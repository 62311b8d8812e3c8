import { Menu, useMantineColorScheme } from '@mantine/core';
import { IconBook, IconFolders, IconKey, IconLogin, IconLogout, IconMoon, IconSettings, IconSun, IconUser, IconUsersGroup } from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';
import { PrefetchLink } from '../components/PrefetchLink';
import { paths } from '../config/paths';
import { useCurrentUser, useHasPermission } from '../lib/auth';
import { useLogout } from '../lib/sign-in-out';

/**
 * The user menu itself, around the button that opens it (UserMenu.tsx): it loads with the
 * first click, opened, so a first visit loads no menu code.
 */
export default function UserMenuDropdown({ target }: { target: ReactElement }) {
  const { user } = useCurrentUser();
  const isAdmin = useHasPermission('accessAdmin');
  const logout = useLogout();
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const item = (to: string, label: string, icon: ReactNode) => (
    <Menu.Item component={PrefetchLink} to={to} leftSection={icon}>
      {label}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end" width={220} withinPortal defaultOpened>
      <Menu.Target>{target}</Menu.Target>
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
