import { Stack, Text } from '@mantine/core';
import { ApiKeyList } from '../../../../features/account/ApiKeys';
import type { UserDetail } from './api';

/** The account's real API keys: an administrator sees and revokes them; only the owner creates them. */
export function ApiKeysTab({ detail }: { detail: UserDetail }) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Keys act as {detail.user.username}. Revoking one stops every program using it at once. Only the owner can create keys, under My account.
      </Text>
      <ApiKeyList username={detail.user.username} empty="This account has no API keys." />
    </Stack>
  );
}
