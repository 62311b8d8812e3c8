import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ObjectType } from '@observatory/shared';
import { useNavigate } from 'react-router';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../../components/FormError';
import { PageState } from '../../../../../components/PageState';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { WideTable } from '../../../../../components/WideTable';
import { paths } from '../../../../../config/paths';
import { useTitle } from '../../../../../lib/use-title';
import { useCreateObjectType, useCurrentObjectTypes, useObjectCounts } from '../types-api';
import { MARKER_OPTIONS, MarkerLabel } from './markers';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function TypesTable({ types }: { types: ObjectType[] }) {
  const counts = useObjectCounts(types.map((t) => t.slug));
  const nameOf = (slug: string) => types.find((t) => t.slug === slug)?.name ?? slug;
  return (
    <WideTable label="Object types" minWidth={720}>
      <Table aria-label="Object types" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Address</Table.Th>
            <Table.Th scope="col">Marker</Table.Th>
            <Table.Th scope="col">Sits in</Table.Th>
            <Table.Th scope="col">Metrics</Table.Th>
            <Table.Th scope="col">Schemas</Table.Th>
            <Table.Th scope="col">Objects</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {types.map((t) => {
            const objects = counts.get(t.slug);
            return (
              <Table.Tr key={t.id}>
                <Table.Td>
                  <Anchor component={PrefetchLink} to={paths.adminObjectType(t.slug)} fw={500}>
                    {t.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {t.slug}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <MarkerLabel marker={t.marker} />
                </Table.Td>
                <Table.Td>
                  {t.parents.length ? (
                    t.parents.map(nameOf).join(', ')
                  ) : (
                    <Text span c="dimmed" size="sm">
                      anywhere
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{Object.keys(t.metrics).length}</Table.Td>
                <Table.Td>{Object.keys(t.metadata_schemas).length}</Table.Td>
                <Table.Td>
                  {objects === undefined ? (
                    <Text span c="dimmed" size="sm">
                      …
                    </Text>
                  ) : (
                    objects
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </WideTable>
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
              onSuccess: (type) => void navigate(paths.adminObjectType(type.slug)),
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
