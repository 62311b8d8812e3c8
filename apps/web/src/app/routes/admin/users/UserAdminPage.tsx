import { Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { NotFoundScreen } from '../../../../components/ErrorScreen';
import { PageState } from '../../../../components/PageState';
import { paths } from '../../../../config/paths';
import { useTitle } from '../../../../lib/use-title';
import { useUserDetail, type UserDetail } from './api';
import { AccountTab } from './AccountTab';
import { ApiKeysTab } from './ApiKeysTab';
import { ProfileTab } from './ProfileTab';
import { RolesTab } from './RolesTab';

const TABS: Record<string, { label: string; Panel: (props: { detail: UserDetail }) => React.ReactNode }> = {
  profile: { label: 'Profile', Panel: ProfileTab },
  account: { label: 'Account', Panel: AccountTab },
  apikeys: { label: 'API keys', Panel: ApiKeysTab },
  roles: { label: 'Roles', Panel: RolesTab },
};

/** One account, in tabs: profile, account, API keys, roles (each its own address). */
export default function UserAdminPage() {
  const { user = '', tab } = useParams();
  const navigate = useNavigate();
  const detail = useUserDetail(user);
  useTitle(`${user} · Users · Site Admin`);
  if (!tab) return <Navigate to={paths.adminUser(user, 'profile')} replace />;
  const current = TABS[tab];
  if (!current) return <NotFoundScreen />;
  if (!detail.data) return <PageState isPending={detail.isPending} error={detail.error} />;
  const { user: account, person } = detail.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1}>{person.name}</Title>
          {account.disabled ? <Badge color="gray">Disabled</Badge> : null}
          {account.super ? <Badge color="blue">Super user</Badge> : null}
        </Group>
        <Text c="dimmed">{account.username}</Text>
      </Stack>
      <Tabs value={tab} onChange={(next) => next && void navigate(paths.adminUser(account.username, next))}>
        <Tabs.List>
          {Object.entries(TABS).map(([key, t]) => (
            <Tabs.Tab key={key} value={key}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="lg">
          <current.Panel detail={detail.data} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
