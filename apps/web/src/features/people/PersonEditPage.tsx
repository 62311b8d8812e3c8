import { Anchor, Button, Container, Group, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { isValidOrcid, normaliseOrcid, type Affiliation } from '@observatory/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '../../app/errors/ErrorScreen';
import { fieldErrors, FormError } from '../../components/FormError';
import { PageState } from '../../components/PageState';
import { paths } from '../../config/paths';
import { docToText, textToDoc } from '../../lib/documents';
import { useTitle } from '../../lib/use-title';
import { useAffiliationMutations, useInstitutionChoices, usePerson, useUpdatePerson, type PersonProfile } from './api';

function DetailsForm({ profile }: { profile: PersonProfile }) {
  const navigate = useNavigate();
  const update = useUpdatePerson(profile.person.slug);
  const form = useForm({
    initialValues: { name: profile.person.name, orcid: profile.person.orcid ?? '', bio: docToText(profile.bio) },
    validate: {
      name: (v) => (v.trim() ? null : 'Give a name'),
      orcid: (v) => (!v.trim() || isValidOrcid(normaliseOrcid(v)) ? null : 'Not a valid ORCID iD (0000-0000-0000-0000, with a correct check digit)'),
    },
  });
  return (
    <form
      noValidate
      aria-label="Details"
      onSubmit={form.onSubmit((v) =>
        update.mutate(
          { name: v.name.trim(), orcid: v.orcid.trim() ? normaliseOrcid(v.orcid) : null, bio: textToDoc(v.bio) },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: 'Profile saved' });
              void navigate(paths.person(profile.person.slug));
            },
            onError: (e) => form.setErrors(fieldErrors(e)),
          },
        ),
      )}
    >
      <Stack gap="sm" maw={560}>
        <FormError error={update.error} />
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput label="ORCID iD" placeholder="0000-0002-1825-0097" {...form.getInputProps('orcid')} />
        <Textarea label="About" description="Separate paragraphs with a blank line" autosize minRows={4} {...form.getInputProps('bio')} />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          <Anchor component={Link} to={paths.person(profile.person.slug)}>
            Cancel
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

function Affiliations({ slug, affiliations }: { slug: string; affiliations: Affiliation[] }) {
  const { put, remove } = useAffiliationMutations(slug);
  const choices = useInstitutionChoices();
  const form = useForm({ initialValues: { institution: '', title: '' }, validate: { institution: (v) => (v ? null : 'Choose an institution') } });
  const confirmRemove = (a: Affiliation) =>
    modals.openConfirmModal({
      title: 'Remove this affiliation?',
      children: <Text size="sm">{a.institution.name} will no longer be listed on the profile.</Text>,
      labels: { confirm: 'Remove', cancel: 'Keep it' },
      confirmProps: { color: 'danger' },
      onConfirm: () => remove.mutate(a.institution.slug),
    });
  return (
    <Stack gap="sm">
      <FormError error={put.error ?? remove.error} />
      {affiliations.length === 0 ? <Text c="dimmed">No affiliations yet.</Text> : null}
      {affiliations.length > 0 ? (
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
                    <Button size="xs" variant="subtle" onClick={() => put.mutate({ institution: a.institution.slug, primary: true })} aria-label={`Make ${a.institution.name} primary`}>
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

/** Edit a person: the person themself or a holder of managePeople. */
export default function PersonEditPage() {
  const { slug = '' } = useParams();
  const profile = usePerson(slug);
  useTitle(profile.data ? `Edit ${profile.data.person.name}` : 'Edit');
  if (!profile.data) return <PageState isPending={profile.isPending} error={profile.error} />;
  if (!profile.data.permissions.includes('edit')) {
    return <ErrorScreen error={{ status: 403, heading: 'Access Denied', message: '', code: null }} />;
  }
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Title order={1}>Edit {profile.data.person.name}</Title>
        <DetailsForm key={profile.data.person.slug} profile={profile.data} />
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
