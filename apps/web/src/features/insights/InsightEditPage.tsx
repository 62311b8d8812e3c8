import { ActionIcon, Anchor, Container, Group, Input, SegmentedControl, Select, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { InsightInputSchema, lengthLimit, type InsightDetail, type ProseMirrorDoc } from '@observatory/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '../../components/ErrorScreen';
import { DraftAlert } from '../../components/DraftAlert';
import { SaveButton, useDocumentLock } from '../../components/document-lock';
import { ConflictDialog, type ComparedField } from '../../components/ConflictDialog';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../components/FormError';
import { LazyRichTextEditor } from '../../components/LazyRichTextEditor';
import { LimitedTextInput } from '../../components/LimitedInput';
import { PageState } from '../../components/PageState';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { ObjectPicker } from '../../components/pickers/ObjectPicker';
import { paths } from '../../config/paths';
import { objectLoadErrorText } from '../../lib/errors';
import { documentProblem, lengthRule } from '../../lib/form-rules';
import { restoreForm, useDraft, useForgetDraftWhenGone } from '../../lib/use-draft';
import { useTitle } from '../../lib/use-title';
import { conflictOf, useVersionedEdit } from '../../lib/versions';
import { useInsight, useInsightTags, useMyTeams, useSaveInsight, type InsightFields } from './api';
import { InsightRevisions } from './InsightRevisions';
import { VISIBILITIES } from './insights-query';

const TITLE_MAX = lengthLimit(InsightInputSchema.shape.title);
const MAX_TAGS = 20;
const MAX_OBJECTS = 50;
const VISIBILITY_CHOICES = { public: 'Public', 'signed-in': 'Signed in', members: 'Members' } as const;

interface FormValues {
  title: string;
  tags: string[];
  team: string | null;
  objects: { name: string; title: string }[];
  visibility: InsightFields['visibility'];
  doc: ProseMirrorDoc | null;
}

/** Who may read an insight of a visibility, said plainly. */
function visibilityText(visibility: FormValues['visibility'], teamName: string | null): string {
  if (visibility === 'public') return 'Everyone can read it, signed in or not.';
  if (visibility === 'signed-in') return 'Anyone signed in can read it.';
  return teamName
    ? `Only the members of ${teamName} can read it (and you, its author).`
    : 'Only you can read it: choose a team to share it with the team’s members.';
}

/** The server's field names ("insight.objects.2", "tags.0") as the form's fields. */
function formErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(error, 'insight'))) {
    const name = field.split('.')[0]!;
    errors[name] ??= message;
  }
  return errors;
}
const FORM_FIELDS = [
  'insight.title',
  'insight.tags',
  'insight.tags.',
  'insight.team',
  'insight.objects',
  'insight.objects.',
  'insight.visibility',
  'doc',
  'doc.',
];

const insightFormValues = (detail?: InsightDetail): FormValues => ({
  title: detail?.insight.title ?? '',
  tags: detail?.insight.tags ?? [],
  team: detail?.insight.team?.slug ?? null,
  objects: detail?.insight.objects.map((o) => ({ name: o.name, title: o.title })) ?? [],
  visibility: detail?.insight.visibility ?? 'public',
  doc: detail?.doc ?? null,
});

/** What the conflict dialog compares of an insight: the form's fields (`teams`: the team choices, to show names). */
function insightFields(teams: { value: string; label: string }[]): ComparedField<FormValues>[] {
  return [
    { key: 'title', label: 'Title' },
    { key: 'tags', label: 'Tags', show: (t) => (t as string[]).join(', ') || '(none)' },
    { key: 'team', label: 'Team', show: (t) => (t ? (teams.find((o) => o.value === t)?.label ?? String(t)) : 'No team') },
    { key: 'objects', label: 'Objects it is about', show: (o) => (o as FormValues['objects']).map((x) => x.title).join(', ') || '(none)' },
    { key: 'visibility', label: 'Who can read it', show: (v) => VISIBILITY_CHOICES[v as FormValues['visibility']] },
    { key: 'doc', label: 'Text', document: true },
  ];
}

/** `draftOf`: the insight as its address names it, or `new`. */
function InsightForm({ existing, draftOf }: { existing?: InsightDetail; draftOf: string }) {
  const navigate = useNavigate();
  const save = useSaveInsight(existing?.insight.id ?? null);
  const docLock = useDocumentLock();
  const tags = useInsightTags();
  const teams = useMyTeams();
  const form = useForm<FormValues>({
    initialValues: insightFormValues(existing),
    validate: { title: lengthRule(TITLE_MAX, (v) => (v.trim() ? null : 'Give a title')), doc: documentProblem },
  });
  // The insight as the server has it now: the base of the edits, and what a refused save is compared with.
  const stored = existing ? { version: existing.insight.version, values: insightFormValues(existing) } : undefined;
  const edit = useVersionedEdit(form, stored);
  const values = form.values;
  const unsaved = useUnsavedChanges(form.isDirty(), existing ? 'this insight' : 'the new insight');
  const draft = useDraft({ kind: 'insight', resource: draftOf, fields: values, stored: form.getInitialValues(), onRestore: restoreForm(form) });
  // The user's teams, and the insight's own when it is not among them (an editor of another's).
  const teamOptions = [...(teams.data ?? []).map((t) => ({ value: t.slug, label: t.name }))];
  const current = existing?.insight.team;
  if (current && !teamOptions.some((t) => t.value === current.slug)) teamOptions.push({ value: current.slug, label: current.name });
  const teamName = teamOptions.find((t) => t.value === values.team)?.label ?? null;
  const objectsError = form.errors.objects;
  const docError = form.errors.doc;

  const submit = (v: FormValues, conditional = edit.conditional) =>
    save.mutate(
      {
        insight: { title: v.title.trim(), tags: v.tags, team: v.team, objects: v.objects.map((o) => o.name), visibility: v.visibility },
        doc: v.doc,
        ...(existing ? { conditional } : {}),
      },
      {
        onSuccess: (saved) => {
          if (existing) edit.saved({ version: saved.insight.version, values: insightFormValues(saved) });
          notifications.show({ color: 'green', message: existing ? 'Insight saved' : 'Insight published' });
          draft.clear();
          unsaved.saved();
          void navigate(paths.insight(saved.insight.num));
        },
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, formErrors(e));
        },
      },
    );

  return (
    <form noValidate aria-label="Insight" onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="md" maw={760}>
        <DraftAlert draft={draft} />
        <FormError error={unplacedError(conflictOf(save.error) ? null : save.error, FORM_FIELDS)} />
        <LimitedTextInput label="Title" required limit={TITLE_MAX} {...form.getInputProps('title')} />
        <TagsInput
          label="Tags"
          description="Press Enter after each tag"
          placeholder={values.tags.length ? undefined : 'e.g. soil moisture'}
          data={(tags.data ?? []).map((t) => t.tag)}
          maxTags={MAX_TAGS}
          clearable
          splitChars={[',']}
          {...form.getInputProps('tags')}
          onChange={(next) => form.setFieldValue('tags', [...new Set(next.map((t) => t.trim().toLowerCase()).filter(Boolean))])}
        />
        <Select
          label="Team"
          placeholder="No team"
          description="Members of the team can edit it"
          data={teamOptions}
          clearable
          nothingFoundMessage={teams.isPending ? 'Loading…' : 'You are not in any team'}
          {...form.getInputProps('team')}
        />
        <Input.Wrapper label="Objects it is about" labelElement="div" error={objectsError}>
          <Stack gap="xs" mt={4}>
            {values.objects.length ? (
              <Stack gap={4} component="ul" aria-label="Objects it is about" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {values.objects.map((o, i) => (
                  <Group key={o.name} component="li" gap="xs" wrap="nowrap" justify="space-between" style={{ minWidth: 0 }}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {o.title}{' '}
                      <Text span c="dimmed" size="sm">
                        ({o.name})
                      </Text>
                    </Text>
                    <ActionIcon variant="subtle" color="danger" aria-label={`Remove ${o.title}`} onClick={() => form.removeListItem('objects', i)}>
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                None yet.
              </Text>
            )}
            {values.objects.length < MAX_OBJECTS ? (
              <ObjectPicker
                label="Add an object"
                by="name"
                value={null}
                w="100%"
                onChange={(name, item) => {
                  if (name && item && !form.getValues().objects.some((o) => o.name === name)) form.insertListItem('objects', { name, title: item.title });
                }}
              />
            ) : null}
          </Stack>
        </Input.Wrapper>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="visibility-label">
            Who can read it
          </Text>
          <SegmentedControl
            role="radiogroup"
            aria-labelledby="visibility-label"
            aria-describedby="visibility-text"
            data={VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_CHOICES[v] }))}
            value={values.visibility}
            onChange={(v) => form.setFieldValue('visibility', v as FormValues['visibility'])}
            fullWidth
            maw={420}
          />
          <Text size="sm" c="dimmed" id="visibility-text" aria-live="polite">
            {visibilityText(values.visibility, teamName)}
          </Text>
          {form.errors.visibility ? (
            <Text size="sm" c="danger">
              {form.errors.visibility}
            </Text>
          ) : null}
        </Stack>
        <LazyRichTextEditor
          // It reads its document once: again when new text is put into the form (a newer version, Keep editing, a restored draft).
          key={`${edit.base?.version} ${edit.merged} ${draft.restored}`}
          label="Text"
          value={values.doc}
          onChange={(doc) => form.setFieldValue('doc', doc)}
          onUnreadable={docLock.lock}
        />
        {docError ? (
          <Text size="sm" c="danger" role="alert">
            {docError}
          </Text>
        ) : null}
        <Group>
          <SaveButton locked={docLock.locked} loading={save.isPending}>
            {existing ? 'Save' : 'Publish'}
          </SaveButton>
          <Anchor component={Link} to={existing ? paths.insight(existing.insight.num) : paths.insights}>
            Cancel
          </Anchor>
        </Group>
      </Stack>
      {existing ? (
        <ConflictDialog
          edit={edit}
          server={stored}
          fields={insightFields(teamOptions)}
          what="the insight"
          overwriting={save.isPending}
          onOverwrite={({ values, conditional }) => submit(values, conditional)}
        />
      ) : null}
    </form>
  );
}

/** Write an insight (/insights/new) or change one (/insights/{id}/edit), with its text's history. */
export default function InsightEditPage() {
  const { id: key } = useParams();
  const existing = useInsight(key ?? '');
  useTitle(key ? 'Edit insight' : 'New insight');
  useForgetDraftWhenGone('insight', key ?? 'new', existing.error);
  if (key && !existing.data)
    return <PageState isPending={existing.isPending} error={existing.error} message={existing.error ? objectLoadErrorText(existing.error) : undefined} />;
  if (key && existing.data && !existing.data.permissions.includes('edit'))
    return <ErrorScreen error={{ status: 403, heading: 'Access Denied', message: '', code: null }} />;
  const detail = key ? existing.data : undefined;
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {detail ? `Edit “${detail.insight.title}”` : 'New insight'}
        </Title>
        <InsightForm key={detail?.insight.id ?? 'new'} draftOf={key ?? 'new'} {...(detail ? { existing: detail } : {})} />
        {detail ? (
          <Stack gap="xs" component="section" aria-labelledby="insight-history">
            <Title order={2} size="h3" id="insight-history">
              Text history
            </Title>
            <InsightRevisions id={detail.insight.id} />
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
