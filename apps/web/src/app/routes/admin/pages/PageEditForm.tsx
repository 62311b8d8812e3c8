import { Anchor, Group, Paper, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PAGE_LIMITS, type PageDetail, type ProseMirrorDoc } from '@observatory/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SaveButton, useDocumentLock } from '../../../../components/document-lock';
import { FormError, showFieldErrors } from '../../../../components/FormError';
import { LazyRichTextEditor } from '../../../../components/LazyRichTextEditor';
import { LimitedTextInput } from '../../../../components/LimitedInput';
import { RichText } from '../../../../components/RichText';
import { DraftAlert } from '../../../../components/DraftAlert';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { paths } from '../../../../config/paths';
import { restoreForm, useDraft } from '../../../../lib/use-draft';
import { documentProblem, lengthRule } from '../../../../lib/form-rules';
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

/**
 * A page's title, whether readers see it, and its text, written in the editor or seen in
 * Preview as readers will. Only a changed text is sent (each saved text is a revision).
 * Keyed by the page's last change, the form starts again from what the server holds after
 * a save or a restore.
 */
export function PageEditForm({ detail }: { detail: PageDetail }) {
  const { page } = detail;
  const save = useSavePage(page.id);
  const docLock = useDocumentLock();
  const [tab, setTab] = useState<string | null>('write');
  const publishedHelp = useId();
  const form = useForm<Values>({
    initialValues: { title: page.title, published: !page.draft, doc: detail.doc },
    validate: { title: lengthRule(PAGE_LIMITS.title, (v) => (v.trim() ? null : 'A page needs a title')), doc: documentProblem },
  });
  const { values } = form;
  useUnsavedChanges(form.isDirty(), 'this page');
  const draft = useDraft({ kind: 'page', resource: page.path, fields: values, stored: form.getInitialValues(), onRestore: restoreForm(form) });
  // A page below a draft stays a draft until the page above is published.
  const draftAbove = page.draft ? detail.ancestors.findLast((a) => a.draft) : undefined;
  return (
    <form
      noValidate
      aria-label="Page"
      onSubmit={form.onSubmit((v) =>
        save.mutate(
          { title: v.title.trim(), draft: !v.published, ...(form.isDirty('doc') ? { doc: v.doc } : {}) },
          {
            onSuccess: () => {
              draft.clear();
              notifications.show({ color: 'green', message: 'Page saved' });
            },
            onError: (e) => showFieldErrors(form, pageFieldErrors(e)),
          },
        ),
      )}
    >
      <Stack gap="md">
        <DraftAlert draft={draft} />
        <FormError error={unplacedPageError(save.error, ['title', 'draft', 'doc', 'doc.'])} />
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
              key={draft.restored}
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
    </form>
  );
}
