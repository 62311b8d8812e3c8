import { Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { lengthLimit, TeamInputSchema } from '@observatory/shared';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { fieldErrors, FormError, showFieldErrors } from '../../../../components/FormError';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { LimitedTextarea, LimitedTextInput } from '../../../../components/LimitedInput';
import { PageState } from '../../../../components/PageState';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { paths } from '../../../../config/paths';
import { lengthRule } from '../../../../lib/form-rules';
import { useTitle } from '../../../../lib/use-title';
import { useAllTeams, useSaveTeam } from '../../../../features/teams/api';
import { AdminTable } from '../../../../components/admin/AdminTable';

const NAME_MAX = lengthLimit(TeamInputSchema.shape.name);
const DESCRIPTION_MAX = lengthLimit(TeamInputSchema.shape.description);

function NewTeamForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const save = useSaveTeam();
  const form = useForm({
    initialValues: { name: '', description: '' },
    validate: { name: lengthRule(NAME_MAX, (v) => (v.trim() ? null : 'Give a name')), description: lengthRule(DESCRIPTION_MAX) },
  });
  const unsaved = useUnsavedChanges(form.isDirty(), 'the new team');
  return (
    <form
      noValidate
      aria-label="New team"
      onSubmit={form.onSubmit((v) =>
        save.mutate(
          { slug: null, input: { name: v.name.trim(), description: v.description.trim() || null } },
          {
            onSuccess: (created) => (onDone(), unsaved.saved(), void navigate(paths.adminTeam(created.team.slug))),
            onError: (e) => showFieldErrors(form, fieldErrors(e)),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <FormError error={save.error} />
        <LimitedTextInput label="Name" required data-autofocus limit={NAME_MAX} {...form.getInputProps('name')} />
        <LimitedTextarea label="Description" autosize minRows={3} limit={DESCRIPTION_MAX} {...form.getInputProps('description')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Create team
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Every team; create one, then add its members on its page. */
export default function TeamsAdminPage() {
  useTitle('Teams · Site Admin');
  const teams = useAllTeams();
  const [creating, create] = useDisclosure(false);
  if (!teams.data) return <PageState isPending={teams.isPending} error={teams.error} />;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Teams</Title>
        <Button onClick={create.open}>New team</Button>
      </Group>
      {teams.data.length === 0 ? <Text>There are no teams yet.</Text> : null}
      {teams.data.length > 0 ? (
        <AdminTable
          label="Teams"
          minWidth={480}
          rows={teams.data}
          rowKey={(t) => t.id}
          columns={[
            {
              header: 'Team',
              cell: (t) => (
                <Anchor component={PrefetchLink} to={paths.adminTeam(t.slug)}>
                  {t.name}
                </Anchor>
              ),
            },
            {
              header: 'Description',
              cell: (t) => (
                <Text size="sm" lineClamp={2}>
                  {t.description}
                </Text>
              ),
            },
          ]}
        />
      ) : null}
      <Modal opened={creating} onClose={create.close} title="New team">
        <NewTeamForm onDone={create.close} />
      </Modal>
    </Stack>
  );
}
