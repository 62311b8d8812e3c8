import { Anchor, Button, Container, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidOrcid, normaliseOrcid } from '@observatory/shared';
import { Link, useNavigate } from 'react-router';
import { fieldErrors, FormError } from '../../components/FormError';
import { paths } from '../../config/paths';
import { textToDoc } from '../../lib/documents';
import { useTitle } from '../../lib/use-title';
import { useAddPerson } from './api';

/** Add a person to the catalogue (managePeople); accounts come by invitation. */
export default function PersonNewPage() {
  useTitle('Add a person');
  const navigate = useNavigate();
  const add = useAddPerson();
  const form = useForm({
    initialValues: { name: '', orcid: '', bio: '' },
    validate: {
      name: (v) => (v.trim() ? null : 'Give a name'),
      orcid: (v) => (!v.trim() || isValidOrcid(normaliseOrcid(v)) ? null : 'Not a valid ORCID iD (0000-0000-0000-0000, with a correct check digit)'),
    },
  });
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>Add a person</Title>
        <form
          noValidate
          aria-label="New person"
          onSubmit={form.onSubmit((v) =>
            add.mutate(
              { name: v.name.trim(), orcid: v.orcid.trim() ? normaliseOrcid(v.orcid) : null, bio: textToDoc(v.bio) },
              { onSuccess: (created) => void navigate(paths.person(created.person.slug)), onError: (e) => form.setErrors(fieldErrors(e)) },
            ),
          )}
        >
          <Stack gap="sm" maw={560}>
            <FormError error={add.error} />
            <TextInput label="Name" required {...form.getInputProps('name')} />
            <TextInput label="ORCID iD" placeholder="0000-0002-1825-0097" {...form.getInputProps('orcid')} />
            <Textarea label="About" description="Separate paragraphs with a blank line" autosize minRows={3} {...form.getInputProps('bio')} />
            <Group>
              <Button type="submit" loading={add.isPending}>
                Add
              </Button>
              <Anchor component={Link} to={paths.people}>
                Cancel
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
