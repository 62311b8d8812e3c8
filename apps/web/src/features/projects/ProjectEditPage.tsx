import { Anchor, Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ProjectDetail } from '@observatory/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '../../components/ErrorScreen';
import { DraftAlert } from '../../components/DraftAlert';
import { SaveButton, useDocumentLock } from '../../components/document-lock';
import { fieldErrors, FormError, showFieldErrors } from '../../components/FormError';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { PageState } from '../../components/PageState';
import { paths } from '../../config/paths';
import { objectLoadErrorText } from '../../lib/errors';
import { restoreForm, useDraft, useForgetDraftWhenGone } from '../../lib/use-draft';
import { useTitle } from '../../lib/use-title';
import { InstitutionPicker } from '../../components/pickers/InstitutionPicker';
import { PersonPicker } from '../../components/pickers/PersonPicker';
import { pickerProps, resetUnlessChanged } from '../../components/pickers/form';
import { useLinks, useProject, useSaveProject } from './api';
import { LinkList } from '../../components/LinkList';
import { ProjectFieldsForm, projectFormValues, toProjectInput, useProjectForm, type ProjectFormValues } from './project-form';
import { ConflictDialog, type ComparedField } from '../../components/ConflictDialog';
import { conflictOf, useVersionedEdit } from '../../lib/versions';
import { Revisions } from './Revisions';
import { PageSection } from '../../components/PageSection';

/** What the conflict dialog compares of a project: the form's fields. */
const PROJECT_FIELDS: ComparedField<ProjectFormValues>[] = [
  { key: 'title', label: 'Title' },
  { key: 'slug', label: 'Address (slug)' },
  { key: 'summary', label: 'Summary' },
  { key: 'status', label: 'Status' },
  { key: 'visibility', label: 'Visibility' },
  { key: 'startDate', label: 'Start' },
  { key: 'endDate', label: 'End' },
  { key: 'teamId', label: 'Team' },
  { key: 'doc', label: 'Documentation', document: true },
];

/** `draftOf`: the project as its address names it, or `new`. */
function DetailsForm({ detail, draftOf }: { detail?: ProjectDetail; draftOf: string }) {
  const navigate = useNavigate();
  const save = useSaveProject(detail?.project.id ?? null);
  const form = useProjectForm(projectFormValues(detail));
  const stored = detail ? { version: detail.project.version, values: projectFormValues(detail) } : undefined;
  const edit = useVersionedEdit(form, stored);
  const docLock = useDocumentLock();
  const unsaved = useUnsavedChanges(form.isDirty(), detail ? 'the project' : 'the new project');
  const draft = useDraft({ kind: 'project', resource: draftOf, fields: form.values, stored: form.getInitialValues(), onRestore: restoreForm(form) });
  const submit = (values: ProjectFormValues, conditional = edit.conditional) =>
    save.mutate(
      { ...toProjectInput(values), conditional },
      {
        onSuccess: (saved) => {
          edit.saved({ version: saved.project.version, values: projectFormValues(saved) });
          notifications.show({ color: 'green', message: detail ? 'Project saved' : 'Project created: now add its contributors and institutions' });
          draft.clear();
          unsaved.saved();
          void navigate(detail ? paths.project(saved.project.slug) : paths.projectEdit(saved.project.slug));
        },
        onError: (e) => {
          if (!edit.refused(e, values)) showFieldErrors(form, fieldErrors(e, 'project'));
        },
      },
    );
  return (
    <form noValidate aria-label="Project" onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="sm" maw={720}>
        <DraftAlert draft={draft} />
        <FormError error={conflictOf(save.error) ? null : save.error} />
        <ProjectFieldsForm key={`${edit.merged} ${draft.restored}`} form={form} onUnreadableDoc={docLock.lock} />
        <Group>
          <SaveButton locked={docLock.locked} loading={save.isPending}>
            {detail ? 'Save' : 'Create project'}
          </SaveButton>
          <Anchor component={Link} to={detail ? paths.project(detail.project.slug) : paths.projects}>
            Cancel
          </Anchor>
        </Group>
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={PROJECT_FIELDS}
        what="the project"
        overwriting={save.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}

function Contributors({ detail }: { detail: ProjectDetail }) {
  const { put, move, remove } = useLinks(detail.project.slug, 'contributors');
  const form = useForm({ initialValues: { personId: '', title: '' }, validate: { personId: (v) => (v ? null : 'Choose a person') } });
  useUnsavedChanges(form.isDirty(), 'the contributor to add');
  return (
    <Stack gap="sm">
      {move.error ? (
        <FormError error={new Error(`The new order was not saved: ${(move.error as Error).message}. The previous order is back.`)} />
      ) : (
        <FormError error={put.error ?? remove.error} />
      )}
      {detail.contributors.length === 0 ? <Text c="dimmed">No contributors yet.</Text> : null}
      <LinkList
        label="Contributors in order"
        detailLabel="Title"
        items={detail.contributors.map((c) => ({ id: c.id, position: c.position, name: c.person.name, detail: c.title }))}
        onMove={(id, position) => move.mutate({ id, position })}
        onSaveDetail={(id, title) => put.mutate({ id, body: { personId: detail.contributors.find((c) => c.id === id)!.person.id, title } })}
        onRemove={(id) => remove.mutate(id)}
      />
      <form
        noValidate
        aria-label="Add a contributor"
        onSubmit={form.onSubmit((v) =>
          put.mutate(
            { id: crypto.randomUUID(), body: { personId: v.personId, title: v.title.trim() || null } },
            { onSuccess: () => resetUnlessChanged(form, v) },
          ),
        )}
      >
        <Group align="flex-end" gap="sm">
          <PersonPicker w={280} {...pickerProps(form, 'personId')} />
          <TextInput label="Title" placeholder="Principal investigator" w={220} {...form.getInputProps('title')} />
          <Button type="submit" loading={put.isPending}>
            Add contributor
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function Institutions({ detail }: { detail: ProjectDetail }) {
  const { put, move, remove } = useLinks(detail.project.slug, 'institutions');
  const form = useForm({ initialValues: { institutionId: '', role: '' }, validate: { institutionId: (v) => (v ? null : 'Choose an institution') } });
  useUnsavedChanges(form.isDirty(), 'the institution to add');
  return (
    <Stack gap="sm">
      {move.error ? (
        <FormError error={new Error(`The new order was not saved: ${(move.error as Error).message}. The previous order is back.`)} />
      ) : (
        <FormError error={put.error ?? remove.error} />
      )}
      {detail.institutions.length === 0 ? <Text c="dimmed">No partner institutions yet.</Text> : null}
      <LinkList
        label="Institutions in order"
        detailLabel="Role"
        items={detail.institutions.map((i) => ({ id: i.id, position: i.position, name: i.institution.name, detail: i.role }))}
        onMove={(id, position) => move.mutate({ id, position })}
        onSaveDetail={(id, role) => put.mutate({ id, body: { institutionId: detail.institutions.find((i) => i.id === id)!.institution.id, role } })}
        onRemove={(id) => remove.mutate(id)}
      />
      <form
        noValidate
        aria-label="Add an institution"
        onSubmit={form.onSubmit((v) =>
          put.mutate(
            { id: crypto.randomUUID(), body: { institutionId: v.institutionId, role: v.role.trim() || null } },
            { onSuccess: () => resetUnlessChanged(form, v) },
          ),
        )}
      >
        <Group align="flex-end" gap="sm">
          <InstitutionPicker w={320} {...pickerProps(form, 'institutionId')} />
          <TextInput label="Role" placeholder="Partner" w={180} {...form.getInputProps('role')} />
          <Button type="submit" loading={put.isPending}>
            Add institution
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

/** Create a project (no slug) or edit one: fields and documentation, its history, contributors and institutions. */
export default function ProjectEditPage() {
  const { slug } = useParams();
  const project = useProject(slug ?? '');
  useTitle(slug ? `Edit ${project.data?.project.title ?? 'project'}` : 'New project');
  useForgetDraftWhenGone('project', slug ?? 'new', project.error);
  if (!slug) {
    return (
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <Title order={1}>New project</Title>
          <DetailsForm draftOf="new" />
        </Stack>
      </Container>
    );
  }
  if (!project.data)
    return <PageState isPending={project.isPending} error={project.error} message={project.error ? objectLoadErrorText(project.error) : undefined} />;
  if (!project.data.permissions.includes('edit')) return <ErrorScreen error={{ status: 403, heading: 'Access Denied', message: '', code: null }} />;
  const detail = project.data;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1}>Edit {detail.project.title}</Title>
        <DetailsForm key={detail.project.id} detail={detail} draftOf={slug} />
        <PageSection id="edit-history" title="Documentation history">
          <Revisions slug={detail.project.slug} />
        </PageSection>
        <PageSection id="edit-contributors" title="Contributors">
          <Contributors detail={detail} />
        </PageSection>
        <PageSection id="edit-institutions" title="Institutions">
          <Institutions detail={detail} />
        </PageSection>
      </Stack>
    </Container>
  );
}
