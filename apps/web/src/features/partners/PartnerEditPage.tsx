import { Anchor, Button, Container, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { Category, Institution } from '@observatory/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '../../components/ErrorScreen';
import { fieldErrors, FormError, showFieldErrors } from '../../components/FormError';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { ImageUpload } from '../../components/ImageUpload';
import { PageState } from '../../components/PageState';
import { paths } from '../../config/paths';
import { useTitle } from '../../lib/use-title';
import { institutionKeys } from '../../lib/query-keys';
import { useDeleteInstitution, useInstitutions, usePartner, useSaveInstitution, type PartnerDetail } from './api';
import { InstitutionFields, institutionFormValues, toInstitutionInput, useInstitutionForm, type InstitutionFormValues } from './institution-form';
import { confirmDelete } from '../../components/confirm';
import { ConflictDialog, type ComparedField } from '../../components/ConflictDialog';
import { conflictOf, useVersionedEdit } from '../../lib/versions';

/** What the conflict dialog compares of an institution: the form's fields. */
function institutionFields(categories: Category[]): ComparedField<InstitutionFormValues>[] {
  const category = (id: unknown) => (id ? (categories.find((c) => c.id === id)?.name ?? String(id)) : 'Uncategorised');
  return [
    { key: 'name', label: 'Name' },
    { key: 'categoryId', label: 'Category', show: category },
    { key: 'url', label: 'Website' },
    { key: 'ror', label: 'ROR id' },
    { key: 'description', label: 'Description' },
  ];
}

function PartnerForm({ partner }: { partner: PartnerDetail }) {
  const { institution } = partner;
  const navigate = useNavigate();
  const categories = useInstitutions().data?.categories ?? [];
  const save = useSaveInstitution();
  const remove = useDeleteInstitution();
  const form = useInstitutionForm(institutionFormValues(institution));
  // The institution as the server has it now: the base of the edits, and what a refused save is compared with.
  const stored = { version: institution.version, values: institutionFormValues(institution) };
  const edit = useVersionedEdit(form, stored);
  const unsaved = useUnsavedChanges(form.isDirty(), 'this institution');
  const askToDelete = () =>
    confirmDelete({
      title: `Delete ${institution.name}?`,
      message: `${partner.people.length ? `${partner.people.length} affiliated ${partner.people.length === 1 ? 'person loses' : 'people lose'} this affiliation. ` : ''}This cannot be undone.`,
      onConfirm: () =>
        remove.mutate(
          { id: institution.id, version: institution.version },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `${institution.name} was deleted` });
              void navigate(paths.partners);
            },
          },
        ),
    });
  const submit = (v: InstitutionFormValues, conditional = edit.conditional) =>
    save.mutate(
      { id: institution.id, input: toInstitutionInput(v), conditional },
      {
        onSuccess: (saved) => {
          edit.saved({ version: saved.version, values: institutionFormValues(saved) });
          notifications.show({ color: 'green', message: 'Institution saved' });
          unsaved.saved();
          void navigate(paths.partner(saved.slug));
        },
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, fieldErrors(e));
        },
      },
    );
  return (
    <form noValidate aria-label="Institution" onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="sm" maw={560}>
        <FormError error={(conflictOf(save.error) ? null : save.error) ?? remove.error} />
        <InstitutionFields form={form} categories={categories} />
        <Group justify="space-between">
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            <Anchor component={Link} to={paths.partner(institution.slug)}>
              Cancel
            </Anchor>
          </Group>
          {partner.permissions.includes('delete') ? (
            <Button variant="subtle" color="danger" onClick={askToDelete} loading={remove.isPending}>
              Delete institution
            </Button>
          ) : null}
        </Group>
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={institutionFields(categories)}
        what="the institution"
        overwriting={save.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}

/** Edit a partner institution (manageInstitutions). */
export default function PartnerEditPage() {
  const { slug = '' } = useParams();
  const partner = usePartner(slug);
  const client = useQueryClient();
  useTitle(partner.data ? `Edit ${partner.data.institution.name}` : 'Edit');
  if (!partner.data) return <PageState isPending={partner.isPending} error={partner.error} />;
  if (!partner.data.permissions.includes('edit')) {
    return <ErrorScreen error={{ status: 403, heading: 'Access Denied', message: '', code: null }} />;
  }
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Title order={1}>Edit {partner.data.institution.name}</Title>
        <Stack gap="xs" component="section" aria-labelledby="edit-logo">
          <Title order={2} size="h3" id="edit-logo">
            Logo
          </Title>
          <ImageUpload
            what="logo"
            name={partner.data.institution.name}
            image={partner.data.institution.logo}
            path={`/institutions/${partner.data.institution.id}/logo`}
            onChanged={(institution: Institution) => {
              client.setQueryData<PartnerDetail>(institutionKeys.detail(slug), (old) => old && { ...old, institution });
              void client.invalidateQueries({ queryKey: institutionKeys.details });
              void client.invalidateQueries({ queryKey: institutionKeys.all });
            }}
          />
        </Stack>
        <PartnerForm key={partner.data.institution.id} partner={partner.data} />
      </Stack>
    </Container>
  );
}
