import { Anchor, Button, Container, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { Affiliation, PersonDetail } from '@observatory/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '../../components/ErrorScreen';
import { SaveButton, useDocumentLock } from '../../components/document-lock';
import { fieldErrors, FormError, showFieldErrors } from '../../components/FormError';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { ImageUpload } from '../../components/ImageUpload';
import { PageSection } from '../../components/PageSection';
import { PageState } from '../../components/PageState';
import { RevisionHistory } from '../../components/RevisionHistory';
import { paths } from '../../config/paths';
import { useTitle } from '../../lib/use-title';
import { PersonFields, toPersonInput, usePersonForm, type PersonFormValues } from './person-form';
import {
  bioRevisionQuery,
  useAffiliationMutations,
  useBioRevisions,
  useInstitutionChoices,
  usePerson,
  useRestoreBioRevision,
  useUpdatePerson,
  type PersonProfile,
} from './api';
import { WideTable } from '../../components/WideTable';
import { peopleKeys } from './keys';
import { confirmDelete } from '../../components/confirm';
import { ConflictDialog, type ComparedField } from '../../components/ConflictDialog';
import { conflictOf, useVersionedEdit } from '../../lib/versions';

/** What the conflict dialog compares of a person: the form's fields. */
const PERSON_FIELDS: ComparedField<PersonFormValues>[] = [
  { key: 'name', label: 'Name' },
  { key: 'orcid', label: 'ORCID iD' },
  { key: 'noindex', label: 'Not indexed by search engines', show: (v) => (v ? 'Yes' : 'No') },
  { key: 'bio', label: 'About', document: true },
];

const personFormValues = (profile: PersonDetail): PersonFormValues => ({
  name: profile.person.name,
  orcid: profile.person.orcid ?? '',
  noindex: profile.person.noindex,
  bio: profile.bio,
});

function DetailsForm({ profile }: { profile: PersonProfile }) {
  const navigate = useNavigate();
  const update = useUpdatePerson(profile.person.slug);
  const form = usePersonForm(personFormValues(profile));
  // The person as the server has it now: the base of the edits, and what a refused save is compared with.
  const stored = { version: profile.person.version, values: personFormValues(profile) };
  const edit = useVersionedEdit(form, stored);
  const bioLock = useDocumentLock();
  const unsaved = useUnsavedChanges(form.isDirty(), 'the profile');
  const submit = (v: PersonFormValues, conditional = edit.conditional) =>
    update.mutate(
      { ...toPersonInput(v), conditional },
      {
        onSuccess: (saved) => {
          edit.saved({ version: saved.person.version, values: personFormValues(saved) });
          notifications.show({ color: 'green', message: 'Profile saved' });
          unsaved.saved();
          void navigate(paths.person(profile.person.slug));
        },
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, fieldErrors(e));
        },
      },
    );
  return (
    <form noValidate aria-label="Details" onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="sm" maw={560}>
        <FormError error={conflictOf(update.error) ? null : update.error} />
        {/* The bio's editor reads its document once: again when new text is put into the form (a newer version, a restored bio, Keep editing). */}
        <PersonFields key={`${edit.base?.version} ${edit.merged}`} form={form} onUnreadableBio={bioLock.lock} />
        <Group>
          <SaveButton locked={bioLock.locked} loading={update.isPending}>
            Save
          </SaveButton>
          <Anchor component={Link} to={paths.person(profile.person.slug)}>
            Cancel
          </Anchor>
        </Group>
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={PERSON_FIELDS}
        what="the profile"
        overwriting={update.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}

function Affiliations({ slug, affiliations }: { slug: string; affiliations: Affiliation[] }) {
  const { put, remove } = useAffiliationMutations(slug);
  const choices = useInstitutionChoices();
  const form = useForm({ initialValues: { institution: '', title: '' }, validate: { institution: (v) => (v ? null : 'Choose an institution') } });
  useUnsavedChanges(form.isDirty(), 'the new affiliation');
  const confirmRemove = (a: Affiliation) =>
    confirmDelete({
      title: 'Remove this affiliation?',
      message: `${a.institution.name} will no longer be listed on the profile.`,
      confirmLabel: 'Remove',
      onConfirm: () => remove.mutate(a.institution.slug),
    });
  return (
    <Stack gap="sm">
      <FormError error={put.error ?? remove.error} />
      {affiliations.length === 0 ? <Text c="dimmed">No affiliations yet.</Text> : null}
      {affiliations.length > 0 ? (
        <WideTable label="Affiliations" minWidth={480}>
          <Table aria-label="Affiliations">
            <Table.Tbody>
              {affiliations.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    {a.title ? `${a.title}, ` : ''}
                    {a.institution.name}
                  </Table.Td>
                  <Table.Td>
                    {a.primary ? (
                      <Text size="sm">Primary</Text>
                    ) : (
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => put.mutate({ institution: a.institution.slug, primary: true })}
                        aria-label={`Make ${a.institution.name} primary`}
                      >
                        Make primary
                      </Button>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="danger" onClick={() => confirmRemove(a)} aria-label={`Remove ${a.institution.name}`}>
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      ) : null}
      <form
        noValidate
        aria-label="Add an affiliation"
        onSubmit={form.onSubmit((v) =>
          put.mutate({ institution: v.institution, title: v.title.trim() || null, primary: affiliations.length === 0 }, { onSuccess: () => form.reset() }),
        )}
      >
        <Group align="flex-end" gap="sm">
          <Select label="Institution" data={choices.data ?? []} searchable required w={320} {...form.getInputProps('institution')} />
          <TextInput label="Title" placeholder="Professor" w={200} {...form.getInputProps('title')} />
          <Button type="submit" loading={put.isPending}>
            Add
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

/** Saved versions of the bio, newest first: open one, or make it current again. */
function BioRevisions({ slug }: { slug: string }) {
  return <RevisionHistory revisions={useBioRevisions(slug)} restore={useRestoreBioRevision(slug)} versionQuery={(rid) => bioRevisionQuery(slug, rid)} />;
}

/** Edit a person: the person themself or a holder of managePeople. */
export default function PersonEditPage() {
  const { slug = '' } = useParams();
  const profile = usePerson(slug);
  const client = useQueryClient();
  useTitle(profile.data ? `Edit ${profile.data.person.name}` : 'Edit');
  if (!profile.data) return <PageState isPending={profile.isPending} error={profile.error} />;
  if (!profile.data.permissions.includes('edit')) {
    return <ErrorScreen error={{ status: 403, heading: 'Access Denied', message: '', code: null }} />;
  }
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Title order={1}>Edit {profile.data.person.name}</Title>
        <Stack gap="xs" component="section" aria-labelledby="edit-photo">
          <Title order={2} size="h3" id="edit-photo">
            Photo
          </Title>
          <ImageUpload
            what="photo"
            name={profile.data.person.name}
            image={profile.data.person.photo}
            path={`/people/${encodeURIComponent(profile.data.person.slug)}/photo`}
            onChanged={(answer: PersonDetail) => {
              client.setQueryData<PersonProfile>(peopleKeys.detail(slug), (old) => old && { ...old, ...answer });
              void client.invalidateQueries({ queryKey: peopleKeys.detail(slug) });
              void client.invalidateQueries({ queryKey: peopleKeys.all });
            }}
          />
        </Stack>
        {/* The form follows the person's versions itself: a restored bio is the text of a form with no changes. */}
        <DetailsForm key={profile.data.person.id} profile={profile.data} />
        <PageSection id="edit-bio-history" title="Bio history">
          <BioRevisions slug={profile.data.person.slug} />
        </PageSection>
        <Stack gap="xs" component="section" aria-labelledby="edit-affiliations">
          <Title order={2} size="h3" id="edit-affiliations">
            Affiliations
          </Title>
          <Affiliations slug={profile.data.person.slug} affiliations={profile.data.person.affiliations} />
        </Stack>
      </Stack>
    </Container>
  );
}
