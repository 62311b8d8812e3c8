import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { paths } from '../../../../config/paths';
import type { UserDetail } from './api';

const day = (iso: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' });

function invitationText(invitation: NonNullable<UserDetail['invitation']>) {
  if (invitation.acceptedAt) return `Accepted ${day(invitation.acceptedAt)}`;
  if (new Date(invitation.expiresAt).getTime() < Date.now()) return `Expired ${day(invitation.expiresAt)}`;
  return `Sent to ${invitation.email} on ${day(invitation.createdAt)}, open until ${day(invitation.expiresAt)}`;
}

/** The person behind the account: their public profile is edited on its own page. */
export function ProfileTab({ detail }: { detail: UserDetail }) {
  const { person, user, invitation } = detail;
  return (
    <Stack gap="md">
      <Table variant="vertical" aria-label="Profile" maw={640}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={180}>Name</Table.Th>
            <Table.Td>
              <Anchor component={PrefetchLink} to={paths.person(person.slug)}>
                {person.name}
              </Anchor>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Account created</Table.Th>
            <Table.Td>{day(user.createdAt)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Invitation</Table.Th>
            <Table.Td>{invitation ? invitationText(invitation) : <Text c="dimmed">None</Text>}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group>
        <Button component={PrefetchLink} to={paths.personEdit(person.slug)} variant="default">
          Edit profile
        </Button>
      </Group>
    </Stack>
  );
}
