import { Anchor, Button, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Institution } from '@observatory/shared';
import { fieldErrors, FormError, showFieldErrors } from '../../../../components/FormError';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { paths } from '../../../../config/paths';
import { useSaveInstitution } from '../../../../features/partners/api';
import { InstitutionFields, toInstitutionInput, useInstitutionForm } from '../../../../features/partners/institution-form';
import type { InstitutionsData } from './api';
import { AdminTable } from '../../../../components/admin/AdminTable';

const UNCATEGORISED = '';

function NewInstitutionForm({ data, onDone }: { data: InstitutionsData; onDone: () => void }) {
  const save = useSaveInstitution();
  const form = useInstitutionForm();
  useUnsavedChanges(form.isDirty(), 'the new institution');
  return (
    <form
      noValidate
      aria-label="New institution"
      onSubmit={form.onSubmit((v) =>
        save.mutate(
          { id: null, input: toInstitutionInput(v) },
          {
            onSuccess: (created) => {
              notifications.show({ color: 'green', message: `${created.name} added` });
              onDone();
            },
            onError: (e) => showFieldErrors(form, fieldErrors(e)),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <FormError error={save.error} />
        <InstitutionFields form={form} categories={data.categories} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Add institution
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Every institution with its category: move one by choosing another; edit on the partner's edit page. */
export function InstitutionsSection({ data }: { data: InstitutionsData }) {
  const [adding, add] = useDisclosure(false);
  const move = useSaveInstitution();
  const choices = [
    ...[...data.categories].sort((a, b) => a.position - b.position).map((c) => ({ value: c.id, label: c.name })),
    { value: UNCATEGORISED, label: 'Uncategorised' },
  ];
  const sorted = [...data.institutions].sort((a, b) => a.name.localeCompare(b.name));
  const moveTo = (institution: Institution, categoryId: string) =>
    move.mutate(
      { id: institution.id, input: { categoryId: categoryId || null } },
      { onSuccess: () => notifications.show({ color: 'green', message: `${institution.name} moved` }) },
    );
  return (
    <Stack gap="xs" component="section" aria-labelledby="institutions-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="institutions-title">
          Institutions
        </Title>
        <Button variant="default" onClick={add.open}>
          New institution
        </Button>
      </Group>
      <FormError error={move.error} />
      {sorted.length === 0 ? <Text c="dimmed">No institutions yet.</Text> : null}
      {sorted.length > 0 ? (
        <AdminTable
          label="Institutions"
          minWidth={520}
          rows={sorted}
          rowKey={(i) => i.id}
          columns={[
            {
              header: 'Name',
              cell: (i) => (
                <Anchor component={PrefetchLink} to={paths.partner(i.slug)}>
                  {i.name}
                </Anchor>
              ),
            },
            {
              header: 'Category',
              cell: (i) => (
                <Select
                  aria-label={`Category of ${i.name}`}
                  data={choices}
                  value={i.categoryId ?? UNCATEGORISED}
                  allowDeselect={false}
                  size="xs"
                  w={220}
                  onChange={(v) => v !== null && v !== (i.categoryId ?? UNCATEGORISED) && moveTo(i, v)}
                />
              ),
            },
          ]}
          actions={(i) => (
            <Button component={PrefetchLink} to={paths.partnerEdit(i.slug)} size="xs" variant="subtle" aria-label={`Edit ${i.name}`}>
              Edit
            </Button>
          )}
        />
      ) : null}
      <Modal opened={adding} onClose={add.close} title="New institution" size="lg">
        <NewInstitutionForm data={data} onDone={add.close} />
      </Modal>
    </Stack>
  );
}
