import { Anchor, Avatar, Button, Container, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { FormError } from '../../components/FormError';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useHasPermission } from '../../lib/auth';
import { useDelayedFlag } from '../../lib/use-delayed';
import { useTitle } from '../../lib/use-title';
import { usePeople } from './api';

/** Everyone in the catalogue: searchable by name, 25 a page. */
export default function PeoplePage() {
  useTitle('People');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('p') ?? 1) || 1);
  const [debounced] = useDebouncedValue(q, 250);
  const people = usePeople(debounced, page);
  const mayAdd = useHasPermission('managePeople');
  const busy = useDelayedFlag(people.isFetching);
  const pagination = people.data?.pagination;
  const pages = pagination ? Math.max(1, Math.ceil(pagination.count / pagination.limit)) : 1;
  const set = (next: { q?: string; p?: number }) =>
    setParams((old) => {
      const merged = new URLSearchParams(old);
      if (next.q !== undefined) {
        merged.delete('p');
        if (next.q) merged.set('q', next.q);
        else merged.delete('q');
      }
      if (next.p !== undefined) {
        if (next.p > 1) merged.set('p', String(next.p));
        else merged.delete('p');
      }
      return merged;
    }, { replace: next.q !== undefined });

  return (
    <Container size="lg" py="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>People</Title>
          {mayAdd ? (
            <Button component={PrefetchLink} to={paths.personNew} variant="default">
              Add a person
            </Button>
          ) : null}
        </Group>
        <TextInput
          label="Search people"
          placeholder="Name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(e) => set({ q: e.currentTarget.value })}
          maw={420}
        />
        <FormError error={people.error} />
        {people.data && people.data.data.people.length === 0 ? <Text>{q ? `Nobody matches “${q}”.` : 'No people are catalogued yet.'}</Text> : null}
        {people.data && people.data.data.people.length > 0 ? (
          <Table aria-busy={busy} aria-label="People" verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Affiliation</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.data.data.people.map((person) => (
                <Table.Tr key={person.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={person.photo} name={person.name} color="blue" variant="filled" size="md" alt="" />
                      <Anchor component={PrefetchLink} to={paths.person(person.slug)}>
                        {person.name}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {person.primaryAffiliation ? (
                      <Text size="sm">
                        {person.primaryAffiliation.title ? `${person.primaryAffiliation.title}, ` : ''}
                        <Anchor component={PrefetchLink} to={paths.partner(person.primaryAffiliation.institution.slug)} size="sm">
                          {person.primaryAffiliation.institution.name}
                        </Anchor>
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {pages > 1 ? <Pagination
            total={pages}
            value={page}
            onChange={(p) => set({ p })}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            getControlProps={(control) => ({ 'aria-label': { first: 'First page', last: 'Last page', next: 'Next page', previous: 'Previous page' }[control] })}
          /> : null}
        {pagination ? (
          <Text size="sm" c="dimmed">
            {pagination.count} {pagination.count === 1 ? 'person' : 'people'}
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}
