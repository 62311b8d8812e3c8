import { Anchor, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ObjectType } from '@observatory/shared';
import { useNavigate } from 'react-router';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../../components/FormError';
import { useUnsavedChanges } from '../../../../../components/unsaved-changes';
import { PageState } from '../../../../../components/PageState';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { AdminTable, Dimmed } from '../../../../../components/admin/AdminTable';
import { paths } from '../../../../../config/paths';
import { useTitle } from '../../../../../lib/use-title';
import { useCreateObjectType, useCurrentObjectTypes, useObjectCounts } from '../types-api';
import { MARKER_OPTIONS, MarkerLabel } from './markers';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function TypesTable({ types }: { types: ObjectType[] }) {
  const counts = useObjectCounts(types.map((t) => t.slug));
  const nameOf = (slug: string) => types.find((t) => t.slug === slug)?.name ?? slug;
  return (
    <AdminTable
      label="Object types"
      minWidth={720}
      highlightOnHover
      rows={types}
      rowKey={(t) => t.id}
      columns={[
        {
          header: 'Name',
          cell: (t) => (
            <Anchor component={PrefetchLink} to={paths.adminObjectType(t.slug)} fw={500}>
              {t.name}
            </Anchor>
          ),
        },
        {
          header: 'Address',
          cell: (t) => (
            <Text size="sm" ff="monospace">
              {t.slug}
            </Text>
          ),
        },
        { header: 'Marker', cell: (t) => <MarkerLabel marker={t.marker} /> },
        { header: 'Sits in', cell: (t) => (t.parents.length ? t.parents.map(nameOf).join(', ') : <Dimmed>anywhere</Dimmed>) },
        { header: 'Metrics', cell: (t) => Object.keys(t.metrics).length },
        { header: 'Schemas', cell: (t) => Object.keys(t.metadata_schemas).length },
        { header: 'Objects', cell: (t) => counts.get(t.slug) ?? <Dimmed>…</Dimmed> },
      ]}
    />
  );
}

/** Every object type, with what it measures and follows, and a form for a new one (filled in on its page). */
export default function ObjectTypesAdminPage() {
  useTitle('Object types · Site Admin');
  const navigate = useNavigate();
  const types = useCurrentObjectTypes();
  const create = useCreateObjectType();
  const form = useForm({
    initialValues: { name: '', marker: 'default' as ObjectType['marker'] },
    validate: { name: (v) => (v.trim() ? null : 'Give a name') },
  });
  const unsaved = useUnsavedChanges(form.isDirty(), 'the new object type');
  if (!types.data) return <PageState isPending={types.isPending} error={types.error} />;
  return (
    <Stack gap="lg">
      <Title order={1}>Object types</Title>
      <Text size="sm" c="dimmed">
        Every object has one or more types. A type gives its objects a marker on the map, the metrics measured on them and the metadata schemas their fields
        follow.
      </Text>
      {types.data.length === 0 ? <Text>There are no object types yet: create the first below.</Text> : <TypesTable types={types.data} />}
      <Text size="sm" c="dimmed">
        {count(types.data.length, 'type', 'types')}.
      </Text>
      <form
        noValidate
        aria-label="New object type"
        onSubmit={form.onSubmit((v) =>
          create.mutate(
            { name: v.name.trim(), marker: v.marker },
            {
              onSuccess: (type) => (unsaved.saved(), void navigate(paths.adminObjectType(type.slug))),
              // The address is made from the name: a taken address is the name's to change.
              onError: (e) => {
                const { slug, ...errors } = fieldErrors(e);
                showFieldErrors(form, { ...errors, ...(slug ? { name: errors.name ?? slug } : {}) });
              },
            },
          ),
        )}
      >
        <Stack gap="xs">
          <Title order={2} size="h3">
            New object type
          </Title>
          <FormError error={unplacedError(create.error, ['name', 'slug', 'marker'])} />
          <Group align="flex-start" gap="sm">
            <TextInput label="Name" placeholder="Weather station" required w={260} {...form.getInputProps('name')} />
            <Select label="Marker" data={MARKER_OPTIONS} allowDeselect={false} w={240} {...form.getInputProps('marker')} />
          </Group>
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create object type
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
