import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { lengthLimit, TeamInputSchema } from '@observatory/shared';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { fieldErrors, FormError, showFieldErrors } from '../../../../components/FormError';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { LimitedTextarea, LimitedTextInput } from '../../../../components/LimitedInput';
import { PageState } from '../../../../components/PageState';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { paths } from '../../../../config/paths';
import { objectLoadErrorText } from '../../../../lib/errors';
import { lengthRule } from '../../../../lib/form-rules';
import { useTitle } from '../../../../lib/use-title';
import { useDeleteTeam, useMemberMutations, useSaveTeam, useTeam, type TeamDetail } from '../../../../features/teams/api';
import { MemberManager } from '../../../../features/teams/MemberManager';
import { confirmDelete } from '../../../../components/confirm';
import { DeleteSection } from '../../../../components/admin/DeleteSection';
import { ConflictDialog, type ComparedField } from '../../../../components/ConflictDialog';
import { conflictOf, useVersionedEdit } from '../../../../lib/versions';

const NAME_MAX = lengthLimit(TeamInputSchema.shape.name);
const DESCRIPTION_MAX = lengthLimit(TeamInputSchema.shape.description);

interface TeamFormValues {
  name: string;
  description: string;
}

const teamFormValues = (detail: TeamDetail): TeamFormValues => ({ name: detail.team.name, description: detail.team.description ?? '' });

/** What the conflict dialog compares of a team: the form's fields. */
const TEAM_FIELDS: ComparedField<TeamFormValues>[] = [
  { key: 'name', label: 'Name' },
  { key: 'description', label: 'Description' },
];

function TeamForm({ detail }: { detail: TeamDetail }) {
  const save = useSaveTeam();
  const form = useForm({
    initialValues: teamFormValues(detail),
    validate: { name: lengthRule(NAME_MAX, (v) => (v.trim() ? null : 'Give a name')), description: lengthRule(DESCRIPTION_MAX) },
  });
  // The team as the server has it now: the base of the edits, and what a refused save is compared with.
  const stored = { version: detail.team.version, values: teamFormValues(detail) };
  const edit = useVersionedEdit(form, stored);
  useUnsavedChanges(form.isDirty(), 'this team');
  const submit = (v: TeamFormValues, conditional = edit.conditional) =>
    save.mutate(
      { slug: detail.team.slug, input: { name: v.name.trim(), description: v.description.trim() || null }, conditional },
      {
        onSuccess: (saved) => {
          edit.saved({ version: saved.team.version, values: teamFormValues(saved) });
          notifications.show({ color: 'green', message: 'Team saved' });
          form.setInitialValues(v);
          form.resetDirty(v);
        },
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, fieldErrors(e));
        },
      },
    );
  return (
    <form noValidate aria-label="Team" onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="sm" maw={560}>
        <FormError error={conflictOf(save.error) ? null : save.error} />
        <LimitedTextInput label="Name" required limit={NAME_MAX} {...form.getInputProps('name')} />
        <LimitedTextarea label="Description" autosize minRows={3} limit={DESCRIPTION_MAX} {...form.getInputProps('description')} />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save
          </Button>
        </Group>
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={TEAM_FIELDS}
        what="the team"
        overwriting={save.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}

/** A team: its name and description, its members with their roles, and deletion. */
export default function TeamAdminPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const team = useTeam(slug);
  const mutations = useMemberMutations(slug);
  const remove = useDeleteTeam();
  useTitle(`${team.data?.team.name ?? slug} · Teams · Site Admin`);
  if (!team.data) return <PageState isPending={team.isPending} error={team.error} message={team.error ? objectLoadErrorText(team.error) : undefined} />;
  const { team: t, members } = team.data;
  // Deleting a team takes every role on it away: the name must be typed to confirm.
  const askToDelete = () =>
    confirmDelete({
      title: `Delete ${t.name}?`,
      message: 'Every member loses their role on the team. This cannot be undone. Type the team’s name to confirm.',
      typed: { label: 'Team name', value: t.name },
      confirmLabel: 'Delete team',
      onConfirm: () =>
        remove.mutate(
          { slug: t.slug, version: t.version },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `${t.name} was deleted` });
              void navigate(paths.adminTeams);
            },
          },
        ),
    });
  return (
    <Stack gap="xl">
      <Group justify="space-between">
        <Title order={1}>{t.name}</Title>
        <Anchor component={PrefetchLink} to={paths.team(t.slug)}>
          Public page
        </Anchor>
      </Group>
      <TeamForm key={t.id} detail={team.data} />
      <Stack gap="xs" component="section" aria-labelledby="admin-team-members">
        <Title order={2} size="h3" id="admin-team-members">
          Members
        </Title>
        <MemberManager members={members} mutations={mutations} />
      </Stack>
      <DeleteSection label="Delete team" error={remove.error} busy={remove.isPending} onDelete={askToDelete} />
    </Stack>
  );
}
