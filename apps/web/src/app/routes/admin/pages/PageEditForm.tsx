import { Anchor, Group, Paper, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PAGE_LIMITS, type PageDetail, type ProseMirrorDoc } from '@observatory/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SaveButton, useDocumentLock } from '../../../../components/document-lock';
import { ConflictDialog, type ComparedField } from '../../../../components/ConflictDialog';
import { FormError, showFieldErrors } from '../../../../components/FormError';
import { LazyRichTextEditor } from '../../../../components/LazyRichTextEditor';
import { LimitedTextInput } from '../../../../components/LimitedInput';
import { RichText } from '../../../../components/RichText';
import { DraftAlert } from '../../../../components/DraftAlert';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { paths } from '../../../../config/paths';
import { restoreForm, useDraft } from '../../../../lib/use-draft';
import { documentProblem, lengthRule } from '../../../../lib/form-rules';
import { conflictOf, useVersionedEdit } from '../../../../lib/versions';
import { useSavePage } from '../../../../features/pages/api';
import { pageFieldErrors, unplacedPageError } from './page-errors';

interface Values {
  title: string;
  published: boolean;
  doc: ProseMirrorDoc | null;
}

function publishedHelpText(published: boolean, wasDraft: boolean, draftAbove: string | undefined) {
  if (draftAbove) return `A draft, as the page above it, “${draftAbove}”, is one: publish that first.`;
  if (published) return 'Everyone can read it, find it in the search and see it in the contents.';
  const hidden = 'A draft: only page managers see it, and it is in no search or contents.';
  return wasDraft ? hidden : `${hidden} Any pages below it become drafts too.`;
}

const pageValues = (detail: PageDetail): Values => ({ title: detail.page.title, published: !detail.page.draft, doc: detail.doc });

/** What the conflict dialog compares of a page: the form's fields. */
const PAGE_FIELDS: ComparedField<Values>[] = [
  { key: 'title', label: 'Title' },
  { key: 'published', label: 'Published', show: (v) => (v ? 'Published' : 'Draft') },
  { key: 'doc', label: 'Text', document: true },
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A page's title, whether readers see it, and its text, written in the editor or seen in
 * Preview as readers will. Only a changed text is sent (each saved text is a revision).
 * The form follows the page's versions while nothing is typed (a restored text shows);
 * a save makes what the server holds its start again.
 */
export function PageEditForm({ detail }: { detail: PageDetail }) {
  const { page } = detail;
  const save = useSavePage(page.id);
  const docLock = useDocumentLock();
  const [tab, setTab] = useState<string | null>('write');
  const publishedHelp = useId();
  const form = useForm<Values>({
    initialValues: pageValues(detail),
    validate: { title: lengthRule(PAGE_LIMITS.title, (v) => (v.trim() ? null : 'A page needs a title')), doc: documentProblem },
  });
  // The page as the server has it now: the base of the edits, and what a refused save is compared with.
  const stored = { version: page.version, values: pageValues(detail) };
  const edit = useVersionedEdit(form, stored);
  const { values } = form;
  useUnsavedChanges(form.isDirty(), 'this page');
  const draft = useDraft({ kind: 'page', resource: page.path, fields: values, stored: form.getInitialValues(), onRestore: restoreForm(form) });
  // A page below a draft stays a draft until the page above is published.
  const draftAbove = page.draft ? detail.ancestors.findLast((a) => a.draft) : undefined;
  /** The text goes when it differs from the version the save is based on (`over`: an overwrite's, the current one). */
  const submit = (v: Values, conditional = edit.conditional, over = edit.base?.values ?? stored.values) =>
    save.mutate(
      { title: v.title.trim(), draft: !v.published, ...(same(v.doc, over.doc) ? {} : { doc: v.doc }), conditional },
      {
        onSuccess: (saved) => {
          const now = pageValues(saved);
          edit.saved({ version: saved.page.version, values: now });
          form.setInitialValues(now);
          form.setValues(now);
          form.resetDirty(now);
          draft.clear();
          notifications.show({ color: 'green', message: 'Page saved' });
        },
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, pageFieldErrors(e));
        },
      },
    );
  return (
    <form noValidate aria-label="Page" onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="md">
        <DraftAlert draft={draft} />
        <FormError error={unplacedPageError(conflictOf(save.error) ? null : save.error, ['title', 'draft', 'doc', 'doc.'])} />
        <LimitedTextInput label="Title" required limit={PAGE_LIMITS.title} {...form.getInputProps('title')} />
        <Stack gap={4}>
          <Switch
            label="Published"
            aria-describedby={publishedHelp}
            disabled={!!draftAbove}
            error={form.errors.draft}
            {...form.getInputProps('published', { type: 'checkbox' })}
          />
          <Text size="sm" c="dimmed" id={publishedHelp} aria-live="polite">
            {publishedHelpText(values.published, page.draft, draftAbove?.title)}
          </Text>
        </Stack>
        <Tabs value={tab} onChange={setTab} keepMountedMode="display-none">
          <Tabs.List>
            <Tabs.Tab value="write">Write</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="write" pt="sm">
            <LazyRichTextEditor
              // It reads its document once: again when new text is put into the form (a newer version, a save, Keep editing, a restored draft).
              key={`${edit.base?.version} ${edit.merged} ${draft.restored}`}
              label="Text"
              value={values.doc}
              onChange={(doc) => form.setFieldValue('doc', doc)}
              onUnreadable={docLock.lock}
            />
            {form.errors.doc ? (
              <Text size="sm" c="danger" role="alert">
                {form.errors.doc}
              </Text>
            ) : null}
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="sm">
            <Paper withBorder p="md" role="region" aria-label="Preview">
              {values.doc?.content?.length ? <RichText doc={values.doc} /> : <Text c="dimmed">No text yet.</Text>}
            </Paper>
          </Tabs.Panel>
        </Tabs>
        <Group>
          <SaveButton locked={docLock.locked} loading={save.isPending}>
            Save
          </SaveButton>
          <Anchor component={Link} to={paths.docPage(page.path)}>
            View the page
          </Anchor>
        </Group>
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={PAGE_FIELDS}
        what="the page"
        overwriting={save.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional, stored.values)}
      />
    </form>
  );
}
