import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { TeamMember } from '@observatory/shared';
import { fieldErrors, FormError } from '../../components/FormError';
import { PersonPicker } from '../../components/pickers/PersonPicker';
import type { useMemberMutations } from './api';
import { WideTable } from '../../components/WideTable';
import { confirmDelete } from '../../components/confirm';

export const TEAM_ROLES = [
  { value: 'owner', label: 'Owner' },
  { value: 'editor', label: 'Editor' },
  { value: 'contributor', label: 'Contributor' },
  { value: 'viewer', label: 'Viewer' },
];

const roleLabel = (slug: string) => TEAM_ROLES.find((r) => r.value === slug)?.label ?? slug;

export type MemberMutations = ReturnType<typeof useMemberMutations>;

/** Members (of a team or a project) with their roles, for those who may manage them: add, change role, remove. */
export function MemberManager({ members, mutations }: { members: TeamMember[]; mutations: MemberMutations }) {
  const { add, setRole, remove } = mutations;
  const [personId, setPersonId] = useState<string | null>(null);
  const [role, setNewRole] = useState<string>('contributor');
  const [notice, setNotice] = useState<string | null>(null);
  // The role being saved shows at once; the notice says when it is kept.
  const pendingRole = setRole.isPending ? setRole.variables : undefined;
  const addErrors = fieldErrors(add.error);
  const changeRole = (m: TeamMember, value: string) => {
    setNotice(null);
    setRole.mutate({ personId: m.id, role: value }, { onSuccess: () => setNotice(`${m.name} is now ${roleLabel(value)}.`) });
  };

  const confirmRemove = (m: TeamMember) =>
    confirmDelete({
      title: `Remove ${m.name} from the team?`,
      message: 'They lose their role on the team and what it allows.',
      confirmLabel: 'Remove',
      cancelLabel: 'Keep',
      onConfirm: () => remove.mutate(m.id),
    });

  const submit = () => {
    if (!personId) return;
    setNotice(null);
    const submitted = personId;
    add.mutate(
      { person: { id: personId }, role },
      {
        onSuccess: (members) => {
          if (members === false) setNotice('Already a member.');
          // Unless another person was picked meanwhile.
          setPersonId((current) => (current === submitted ? null : current));
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <FormError error={add.error ?? setRole.error ?? remove.error} />
      <WideTable label="Members" minWidth={420}>
        <Table aria-label="Members">
          <Table.Tbody>
            {members.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{m.name}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Role of ${m.name}`}
                    data={TEAM_ROLES}
                    value={pendingRole?.personId === m.id ? pendingRole.role : m.role.slug}
                    onChange={(value) => value && changeRole(m, value)}
                    disabled={pendingRole?.personId === m.id}
                    allowDeselect={false}
                    w={160}
                  />
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="subtle" color="danger" onClick={() => confirmRemove(m)} aria-label={`Remove ${m.name}`}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
      <Group align="flex-end" gap="sm" component="form" aria-label="Add a member" onSubmit={(e) => (e.preventDefault(), submit())}>
        <PersonPicker value={personId} onChange={setPersonId} error={addErrors['person.id'] ?? addErrors.person} w={280} />
        <Select label="Role" data={TEAM_ROLES} value={role} onChange={(v) => v && setNewRole(v)} error={addErrors.role} allowDeselect={false} w={160} />
        <Button type="submit" disabled={!personId} loading={add.isPending}>
          Add member
        </Button>
      </Group>
      {notice ? <Text role="status">{notice}</Text> : null}
    </Stack>
  );
}
