import { Anchor, Button, Group, Select, Stack, Switch, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { VISIBILITIES, type ProjectDetail } from '@observatory/shared';
import { Navigate, useNavigate, useParams } from 'react-router';
import { NotFoundScreen } from '../../../../components/ErrorScreen';
import { fieldErrors, FormError, showFieldErrors } from '../../../../components/FormError';
import { PageState } from '../../../../components/PageState';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { paths } from '../../../../config/paths';
import { objectLoadErrorText } from '../../../../lib/errors';
import { useTitle } from '../../../../lib/use-title';
import { useDeleteProject, useProject, useProjectMemberMutations, useProjectMembers, useSaveProject } from '../../../../features/projects/api';
import { MemberManager } from '../../../../features/teams/MemberManager';
import { CatalogTab } from './CatalogTab';
import { confirmDelete } from '../../../../components/confirm';
import { DeleteSection } from '../../../../components/admin/DeleteSection';
import { PageTabs } from '../../../../components/detail-page';

const VISIBILITY_LABELS = { public: 'Everyone', 'signed-in': 'Signed-in users', members: 'Members only' } as const;

function Advanced({ detail }: { detail: ProjectDetail }) {
  const navigate = useNavigate();
  const save = useSaveProject(detail.project.id);
  const remove = useDeleteProject();
  const { project } = detail;
  const form = useForm({ initialValues: { slug: project.slug, visibility: project.visibility, archived: project.archived } });
  const unsaved = useUnsavedChanges(form.isDirty(), 'the project’s settings');
  const askToDelete = () =>
    confirmDelete({
      title: `Delete ${project.title}?`,
      message: 'The project, its documentation, updates, files and memberships are deleted. This cannot be undone. Type the project’s title to confirm.',
      typed: { label: 'Project title', value: project.title },
      confirmLabel: 'Delete project',
      onConfirm: () =>
        remove.mutate(project.id, {
          onSuccess: () => (notifications.show({ color: 'green', message: `${project.title} was deleted` }), void navigate(paths.adminProjects)),
        }),
    });
  return (
    <Stack gap="xl">
      <form
        noValidate
        aria-label="Advanced"
        onSubmit={form.onSubmit((v) =>
          save.mutate(
            { project: { slug: v.slug, visibility: v.visibility, archived: v.archived } },
            {
              onSuccess: (saved) => {
                notifications.show({ color: 'green', message: 'Project saved' });
                unsaved.saved();
                if (saved.project.slug !== project.slug) void navigate(paths.adminProject(saved.project.slug, 'advanced'), { replace: true });
              },
              onError: (e) => showFieldErrors(form, fieldErrors(e, 'project')),
            },
          ),
        )}
      >
        <Stack gap="sm" maw={480}>
          <FormError error={save.error} />
          <TextInput label="Address (slug)" description="The old address keeps working after a change" {...form.getInputProps('slug')} />
          <Select
            label="Who can see it"
            data={VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] }))}
            allowDeselect={false}
            {...form.getInputProps('visibility')}
          />
          <Switch label="Archived: hidden from the catalogue, still reachable by its address" {...form.getInputProps('archived', { type: 'checkbox' })} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <DeleteSection
        label="Delete project"
        error={remove.error}
        busy={remove.isPending}
        disabled={!detail.permissions.includes('delete')}
        onDelete={askToDelete}
      />
    </Stack>
  );
}

function Membership({ slug }: { slug: string }) {
  const members = useProjectMembers(slug);
  const mutations = useProjectMemberMutations(slug);
  if (!members.data) return <PageState isPending={members.isPending} error={members.error} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Members hold a role on the project: owners and editors change it, contributors upload files, viewers see it when it is for members only.
      </Text>
      <MemberManager members={members.data.members} mutations={mutations} />
    </Stack>
  );
}

const TABS = { advanced: 'Advanced', membership: 'Membership', catalog: 'Catalog' } as const;

/** A project in Site Admin: advanced settings, membership, and what it catalogues. */
export default function ProjectAdminPage() {
  const { slug = '', tab } = useParams();
  const navigate = useNavigate();
  const project = useProject(slug);
  useTitle(`${project.data?.project.title ?? slug} · Projects · Site Admin`);
  if (!tab) return <Navigate to={paths.adminProject(slug, 'advanced')} replace />;
  if (!(tab in TABS)) return <NotFoundScreen />;
  if (!project.data)
    return <PageState isPending={project.isPending} error={project.error} message={project.error ? objectLoadErrorText(project.error) : undefined} />;
  const detail = project.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{detail.project.title}</Title>
        <Anchor component={PrefetchLink} to={paths.project(detail.project.slug)}>
          Project page
        </Anchor>
      </Group>
      <PageTabs tabs={TABS} value={tab} onChange={(next) => void navigate(paths.adminProject(detail.project.slug, next))}>
        <Tabs.Panel value={tab} pt="lg">
          {tab === 'advanced' ? <Advanced key={detail.project.updatedAt} detail={detail} /> : null}
          {tab === 'membership' ? <Membership slug={detail.project.slug} /> : null}
          {tab === 'catalog' ? <CatalogTab project={detail.project} /> : null}
        </Tabs.Panel>
      </PageTabs>
    </Stack>
  );
}
