import { Anchor, Container, Group, Stack, Title } from '@mantine/core';
import { lengthLimit, UpdateInputSchema } from '@observatory/shared';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ProseMirrorDoc } from '@observatory/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { DraftAlert } from '../../components/DraftAlert';
import { ErrorScreen } from '../../components/ErrorScreen';
import { SaveButton, useDocumentLock } from '../../components/document-lock';
import { ConflictDialog, type ComparedField } from '../../components/ConflictDialog';
import { fieldErrors, FormError, showFieldErrors } from '../../components/FormError';
import { LazyRichTextEditor } from '../../components/LazyRichTextEditor';
import { LimitedTextInput } from '../../components/LimitedInput';
import { PageState } from '../../components/PageState';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { paths } from '../../config/paths';
import { objectLoadErrorText } from '../../lib/errors';
import { documentProblem, lengthRule } from '../../lib/form-rules';
import { restoreForm, useDraft, useForgetDraftWhenGone } from '../../lib/use-draft';
import { useTitle } from '../../lib/use-title';
import { conflictOf, useVersionedEdit } from '../../lib/versions';
import { useAddUpdate, useChangeUpdate, useProject, useUpdate, type UpdateDetail } from './api';
import { Revisions } from './Revisions';

const TITLE_MAX = lengthLimit(UpdateInputSchema.shape.title);

interface UpdateFormValues {
  title: string;
  doc: ProseMirrorDoc | null;
}

const updateFormValues = (detail?: UpdateDetail): UpdateFormValues => ({ title: detail?.update.title ?? '', doc: detail?.doc ?? null });

/** What the conflict dialog compares of an update: the form's fields. */
const UPDATE_FIELDS: ComparedField<UpdateFormValues>[] = [
  { key: 'title', label: 'Title' },
  { key: 'doc', label: 'Text', document: true },
];

/** `draftOf`: the update as its address names it, or `new:<project>`. */
function UpdateForm({ slug, draftOf, existing }: { slug: string; draftOf: string; existing?: UpdateDetail }) {
  const navigate = useNavigate();
  const add = useAddUpdate(slug);
  const change = useChangeUpdate(slug, existing?.update.id ?? '');
  const save = existing ? change : add;
  const docLock = useDocumentLock();
  const form = useForm<UpdateFormValues>({
    initialValues: updateFormValues(existing),
    validate: { title: lengthRule(TITLE_MAX, (v) => (v.trim() ? null : 'Give a title')), doc: documentProblem },
  });
  // The update as the server has it now: the base of the edits, and what a refused save is compared with.
  const stored = existing ? { version: existing.update.version, values: updateFormValues(existing) } : undefined;
  const edit = useVersionedEdit(form, stored);
  const unsaved = useUnsavedChanges(form.isDirty(), 'this update');
  const draft = useDraft({ kind: 'update', resource: draftOf, fields: form.values, stored: form.getInitialValues(), onRestore: restoreForm(form) });
  const submit = (v: UpdateFormValues, conditional = edit.conditional) =>
    save.mutate(
      { update: { title: v.title.trim() }, doc: v.doc, ...(existing ? { conditional } : {}) },
      {
        onSuccess: (saved) => {
          edit.saved({ version: saved.update.version, values: updateFormValues(saved) });
          notifications.show({ color: 'green', message: existing ? 'Update saved' : 'Update posted' });
          draft.clear();
          unsaved.saved();
          void navigate(paths.projectUpdate(slug, saved.update.slug));
        },
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, fieldErrors(e, 'update'));
        },
      },
    );
  return (
    <form noValidate aria-label="Update" onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="sm" maw={720}>
        <DraftAlert draft={draft} />
        <FormError error={conflictOf(save.error) ? null : save.error} />
        <LimitedTextInput label="Title" required limit={TITLE_MAX} {...form.getInputProps('title')} />
        <LazyRichTextEditor
          // It reads its document once: again when new text is put into the form (a newer version, Keep editing, a restored draft).
          key={`${edit.base?.version} ${edit.merged} ${draft.restored}`}
          label="Text"
          value={form.values.doc}
          onChange={(doc) => form.setFieldValue('doc', doc)}
          onUnreadable={docLock.lock}
        />
        <Group>
          <SaveButton locked={docLock.locked} loading={save.isPending}>
            {existing ? 'Save' : 'Post update'}
          </SaveButton>
          <Anchor component={Link} to={existing ? paths.projectUpdate(slug, existing.update.slug) : paths.projectUpdates(slug)}>
            Cancel
          </Anchor>
        </Group>
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={UPDATE_FIELDS}
        what="the update"
        overwriting={save.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}

/** Post a news update (no update in the address) or edit one, with its history. */
export default function UpdateEditPage() {
  const { slug = '', update: key } = useParams();
  const project = useProject(slug);
  const existing = useUpdate(slug, key ?? '');
  useTitle(key ? 'Edit update' : 'Post an update');
  const draftOf = key ?? `new:${slug}`;
  useForgetDraftWhenGone('update', draftOf, project.error ?? existing.error);
  if (!project.data)
    return <PageState isPending={project.isPending} error={project.error} message={project.error ? objectLoadErrorText(project.error) : undefined} />;
  if (!project.data.permissions.includes('edit')) return <ErrorScreen error={{ status: 403, heading: 'Access Denied', message: '', code: null }} />;
  if (key && !existing.data)
    return <PageState isPending={existing.isPending} error={existing.error} message={existing.error ? objectLoadErrorText(existing.error) : undefined} />;
  const projectSlug = project.data.project.slug;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1}>{existing.data ? `Edit “${existing.data.update.title}”` : `Post an update to ${project.data.project.title}`}</Title>
        <UpdateForm
          key={existing.data?.update.id ?? 'new'}
          slug={projectSlug}
          draftOf={draftOf}
          {...(key && existing.data ? { existing: existing.data } : {})}
        />
        {existing.data ? (
          <Stack gap="xs" component="section" aria-labelledby="update-history">
            <Title order={2} size="h3" id="update-history">
              Text history
            </Title>
            <Revisions slug={projectSlug} update={existing.data.update.id} />
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
