import { ActionIcon, Anchor, Button, Group, Input, NumberInput, Paper, Select, Stack, TagsInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import {
  latestPublicationYear,
  PUBLICATION_LIMITS as L,
  PUBLICATION_TYPES,
  PUBLICATION_YEAR_MIN,
  type PublicationDetail,
  type PublicationType,
} from '@observatory/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConflictDialog, type ComparedField } from '../../components/ConflictDialog';
import { FormError, showFieldErrors, unplacedError } from '../../components/FormError';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { LimitedTextarea, LimitedTextInput } from '../../components/LimitedInput';
import { PersonPicker } from '../../components/pickers/PersonPicker';
import { WRAP } from '../../components/PublicationLine';
import { paths } from '../../config/paths';
import { useHasPermission } from '../../lib/auth';
import { PUBLICATION_TYPE_LABELS } from '../../lib/publications';
import { conflictOf, useVersionedEdit } from '../../lib/versions';
import { useMyPerson, useSavePublication } from './api';
import {
  changedFields,
  duplicateOf,
  emptyAuthor,
  FORM_FIELDS,
  formValues,
  serverErrors,
  toInput,
  validatePublication,
  type AuthorRow,
  type PublicationFormValues,
} from './publication-form';

const TYPE_CHOICES = PUBLICATION_TYPES.map((t) => ({ value: t, label: PUBLICATION_TYPE_LABELS[t] }));

/** Errors under an item of a list field ("keywords.3") show at the field itself. */
function placed(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) out[field.replace(/^keywords\.\d+$/, 'keywords')] ??= message;
  return out;
}

/** Rows as saved are told apart from rows added here: their links already wait for confirmation. */
const SAVED = 'saved-';

/**
 * Who still has to confirm an author's link, said beside the row: a link to someone else
 * shows on their page once they confirm it (a link made by a publications manager is confirmed at once).
 */
function linkHint(row: AuthorRow, me: string | null, manager: boolean): string | null {
  if (!row.person || row.person.id === me || row.confirmed) return null;
  if (row.key.startsWith(SAVED)) return `Waiting for ${row.person.name} to confirm`;
  return manager ? null : `Once saved, ${row.person.name} is asked to confirm`;
}

/** The form filled from a saved publication: its rows keyed by their place, so the same publication always makes the same values. */
function savedValues(detail: PublicationDetail): PublicationFormValues {
  const values = formValues(detail);
  return { ...values, authors: values.authors.map((a, i) => ({ ...a, key: `${SAVED}${i}` })) };
}

const authorsText = (authors: unknown) =>
  (authors as AuthorRow[])
    .filter((a) => a.name.trim() || a.person)
    .map((a) => (a.person && a.person.name !== a.name.trim() ? `${a.name.trim()} (${a.person.name})` : a.name.trim() || a.person!.name))
    .join('; ');

/** What the conflict dialog compares of a publication: the form's fields. */
const PUBLICATION_FIELDS: ComparedField<PublicationFormValues>[] = [
  { key: 'type', label: 'Type', show: (t) => PUBLICATION_TYPE_LABELS[t as PublicationType] ?? String(t) },
  { key: 'title', label: 'Title' },
  { key: 'authors', label: 'Authors', show: (a) => authorsText(a) || '(none)' },
  { key: 'year', label: 'Year' },
  { key: 'venue', label: 'Journal, book or publisher' },
  { key: 'volume', label: 'Volume' },
  { key: 'issue', label: 'Issue' },
  { key: 'pages', label: 'Pages' },
  { key: 'doi', label: 'DOI' },
  { key: 'url', label: 'Address (URL)' },
  { key: 'abstract', label: 'Abstract' },
  { key: 'keywords', label: 'Keywords', show: (k) => (k as string[]).join(', ') || '(none)' },
  { key: 'citationKey', label: 'Citation key' },
];

/**
 * A publication's fields: type, title, authors in order (each a name, perhaps linked to a
 * person), year, venue, volume, issue, pages, DOI, address, abstract, keywords, citation key. A new one
 * is added (POST); an existing one sends only what changed (PUT), then shows its page.
 */
export function PublicationForm({ existing }: { existing?: PublicationDetail }) {
  const navigate = useNavigate();
  const save = useSavePublication(existing?.publication.id ?? null);
  const me = useMyPerson().data?.id ?? null;
  const manager = useHasPermission('managePublications');
  const [initial] = useState(() => (existing ? savedValues(existing) : formValues()));
  const [focusRow, setFocusRow] = useState<string | null>(null);
  const form = useForm<PublicationFormValues>({ initialValues: initial, validate: (values) => placed(validatePublication(values)) });
  // The publication as the server has it now: the base of the edits, and what a refused save is compared with.
  const stored = existing ? { version: existing.publication.version, values: savedValues(existing) } : undefined;
  const edit = useVersionedEdit(form, stored);
  const values = form.values;
  const unsaved = useUnsavedChanges(form.isDirty(), existing ? 'this publication' : 'the new publication');
  const error = conflictOf(save.error) ? null : save.error;
  const duplicate = duplicateOf(error);
  const cancelTo = existing ? paths.pub(existing.publication.slug) : paths.pubs;

  /**
   * A change sends the fields that differ from the version it is based on; an overwrite
   * (`over`: the current version's values) those that differ from the current one, so
   * every field the user sees as theirs replaces the saved one.
   */
  const submit = (v: PublicationFormValues, conditional = edit.conditional, over = edit.base?.values ?? initial) => {
    const input = toInput(v);
    const publication = existing ? changedFields(toInput(over), input) : input;
    if (existing && Object.keys(publication).length === 0) {
      unsaved.saved();
      void navigate(cancelTo);
      return;
    }
    save.mutate(
      { publication, ...(existing ? { conditional } : {}) },
      {
        onSuccess: (saved) => {
          if (existing) edit.saved({ version: saved.publication.version, values: savedValues(saved) });
          notifications.show({ color: 'green', message: existing ? 'Publication saved' : 'Publication added' });
          unsaved.saved();
          void navigate(paths.pub(saved.publication.slug));
        },
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, placed(serverErrors(e, v)));
        },
      },
    );
  };

  const addAuthor = () => {
    const row = emptyAuthor();
    form.insertListItem('authors', row);
    setFocusRow(row.key);
  };

  return (
    <form
      noValidate
      aria-label="Publication"
      onSubmit={form.onSubmit(
        (v) => submit(v),
        (errors) => showFieldErrors(form, errors as Record<string, string>),
      )}
    >
      <Stack gap="md" maw={760}>
        <FormError error={unplacedError(error, FORM_FIELDS)} />
        <Select label="Type" data={TYPE_CHOICES} allowDeselect={false} required w={{ base: '100%', xs: 260 }} {...form.getInputProps('type')} />
        <LimitedTextarea label="Title" required autosize minRows={1} limit={L.title} {...form.getInputProps('title')} />
        <Input.Wrapper label="Authors" labelElement="div" description="In the order the publication gives them" error={form.errors.authors}>
          <Stack gap="xs" mt={6}>
            {values.authors.length ? (
              <Stack component="ol" gap="xs" aria-label="Authors in order" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {values.authors.map((row, i) => {
                  const n = i + 1;
                  const hint = linkHint(row, me, manager);
                  return (
                    <Paper component="li" withBorder p="xs" key={row.key}>
                      <Group align="flex-start" gap="xs" wrap="wrap">
                        <LimitedTextInput
                          label={`Name of author ${n}`}
                          placeholder="Family, Given"
                          limit={L.authorName}
                          style={{ flex: '1 1 14rem', minWidth: 0 }}
                          autoFocus={row.key === focusRow}
                          {...form.getInputProps(`authors.${i}.name`)}
                        />
                        <div style={{ flex: '1 1 14rem', minWidth: 0 }}>
                          <PersonPicker
                            label={`Person of author ${n}`}
                            placeholder="Not linked"
                            by="id"
                            clearable
                            w="100%"
                            value={row.person?.id ?? null}
                            valueLabel={row.person?.name}
                            error={form.errors[`authors.${i}.person`]}
                            onChange={(_id, person) => {
                              const linked = person ? { id: person.id, slug: person.slug, name: person.name } : null;
                              form.setFieldValue(`authors.${i}.person`, linked);
                              form.setFieldValue(`authors.${i}.confirmed`, !!linked && linked.id === row.person?.id && row.confirmed);
                              if (linked && !form.getValues().authors[i]?.name.trim()) form.setFieldValue(`authors.${i}.name`, linked.name);
                            }}
                          />
                        </div>
                        <Group gap={4} mt={{ base: 0, xs: 26 }}>
                          <ActionIcon
                            variant="default"
                            size="lg"
                            aria-label={`Move author ${n} up`}
                            disabled={i === 0}
                            onClick={() => form.reorderListItem('authors', { from: i, to: i - 1 })}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="default"
                            size="lg"
                            aria-label={`Move author ${n} down`}
                            disabled={i === values.authors.length - 1}
                            onClick={() => form.reorderListItem('authors', { from: i, to: i + 1 })}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="danger"
                            size="lg"
                            aria-label={`Remove author ${n}`}
                            onClick={() => form.removeListItem('authors', i)}
                          >
                            <IconX size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Group>
                      {row.person && row.confirmed && row.person.id !== me ? (
                        <Text size="xs" c="dimmed" mt={4} style={WRAP}>
                          Linked to {row.person.name}; confirmed
                        </Text>
                      ) : null}
                      {hint ? (
                        <Text size="xs" c="dimmed" mt={4} style={WRAP}>
                          {hint}
                        </Text>
                      ) : null}
                    </Paper>
                  );
                })}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                No authors yet.
              </Text>
            )}
            {values.authors.length < L.authors ? (
              <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={addAuthor} w="fit-content">
                Add an author
              </Button>
            ) : null}
          </Stack>
        </Input.Wrapper>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NumberInput
            label="Year"
            min={PUBLICATION_YEAR_MIN}
            max={latestPublicationYear()}
            // A year out of range stays as typed, with the schema's error, rather than changed on blur.
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            hideControls
            w={{ base: '100%', xs: 120 }}
            {...form.getInputProps('year')}
          />
          <LimitedTextInput label="Journal, book or publisher" limit={L.venue} style={{ flex: '1 1 16rem' }} {...form.getInputProps('venue')} />
        </Group>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <LimitedTextInput label="Volume" limit={L.short} w={{ base: '100%', xs: 120 }} {...form.getInputProps('volume')} />
          <LimitedTextInput label="Issue" limit={L.short} w={{ base: '100%', xs: 120 }} {...form.getInputProps('issue')} />
          <LimitedTextInput label="Pages" placeholder="e.g. 45–67" limit={L.short} w={{ base: '100%', xs: 160 }} {...form.getInputProps('pages')} />
        </Group>
        <Stack gap={4}>
          <LimitedTextInput label="DOI" description="10.1234/abc, or its https://doi.org/ address" limit={L.doi} {...form.getInputProps('doi')} />
          {duplicate ? (
            <Anchor component={Link} to={duplicate.href} size="sm">
              Open the publication that has this DOI
            </Anchor>
          ) : null}
        </Stack>
        <LimitedTextInput label="Address (URL)" type="url" placeholder="https://" limit={L.url} {...form.getInputProps('url')} />
        <LimitedTextarea label="Abstract" autosize minRows={4} maxRows={16} limit={L.abstract} {...form.getInputProps('abstract')} />
        <TagsInput
          label="Keywords"
          description="Press Enter or type a comma after each"
          maxTags={L.keywords}
          clearable
          splitChars={[',', ';']}
          {...form.getInputProps('keywords')}
          onChange={(next) => form.setFieldValue('keywords', [...new Set(next.map((k) => k.trim()).filter(Boolean))])}
        />
        <LimitedTextInput
          label="Citation key"
          description="What it is cited by in BibTeX (e.g. dietze2018); kept for exports"
          limit={L.citationKey}
          w={{ base: '100%', xs: 320 }}
          {...form.getInputProps('citationKey')}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {existing ? 'Save' : 'Add publication'}
          </Button>
          <Anchor component={Link} to={cancelTo}>
            Cancel
          </Anchor>
        </Group>
      </Stack>
      {existing ? (
        <ConflictDialog
          edit={edit}
          server={stored}
          fields={PUBLICATION_FIELDS}
          what="the publication"
          overwriting={save.isPending}
          onOverwrite={({ values, conditional }) => submit(values, conditional, stored?.values)}
        />
      ) : null}
    </form>
  );
}
