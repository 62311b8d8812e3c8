import { Anchor, Avatar, Button, Container, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { FormError } from '../../components/FormError';
import { Paging } from '../../components/Paging';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useHasPermission } from '../../lib/auth';
import { useDelayedFlag } from '../../lib/use-delayed';
import { useListParams } from '../../lib/use-list-params';
import { useTitle } from '../../lib/use-title';
import { usePeople } from './api';

/** Everyone in the catalogue: searchable by name, 25 a page. */
export default function PeoplePage() {
  useTitle('People');
  const { searchInput, q, page, setPage } = useListParams();
  const people = usePeople(q, page);
  const mayAdd = useHasPermission('managePeople');
  const busy = useDelayedFlag(people.isFetching);

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
        <TextInput label="Search people" placeholder="Name" leftSection={<IconSearch size={16} aria-hidden />} {...searchInput} maw={420} />
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
                      <Avatar src={person.photo?.thumbUrl} name={person.name} color="blue" variant="filled" size="md" alt="" />
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
        <Paging pagination={people.data?.pagination} page={page} onChange={setPage} noun={['person', 'people']} />
      </Stack>
    </Container>
  );
}
