import { Anchor, Container, Group, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { SaveButton, useDocumentLock } from '../../components/document-lock';
import { fieldErrors, FormError, showFieldErrors } from '../../components/FormError';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { paths } from '../../config/paths';
import { useTitle } from '../../lib/use-title';
import { useAddPerson } from './api';
import { PersonFields, toPersonInput, usePersonForm } from './person-form';

/** Add a person to the catalogue (managePeople); accounts come by invitation. */
export default function PersonNewPage() {
  useTitle('Add a person');
  const navigate = useNavigate();
  const add = useAddPerson();
  const form = usePersonForm();
  const bioLock = useDocumentLock();
  const unsaved = useUnsavedChanges(form.isDirty(), 'the new person');
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>Add a person</Title>
        <form
          noValidate
          aria-label="New person"
          onSubmit={form.onSubmit((v) =>
            add.mutate(toPersonInput(v), {
              onSuccess: (created) => (unsaved.saved(), void navigate(paths.person(created.person.slug))),
              onError: (e) => showFieldErrors(form, fieldErrors(e)),
            }),
          )}
        >
          <Stack gap="sm" maw={560}>
            <FormError error={add.error} />
            <PersonFields form={form} onUnreadableBio={bioLock.lock} />
            <Group>
              <SaveButton locked={bioLock.locked} loading={add.isPending}>
                Add
              </SaveButton>
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
