import { Anchor, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { FormError } from '../../../../../components/FormError';
import { Paging } from '../../../../../components/Paging';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { AdminTable } from '../../../../../components/admin/AdminTable';
import { paths } from '../../../../../config/paths';
import { TypeBadges } from '../../../../../features/objects/object-bits';
import { useDelayedFlag } from '../../../../../lib/use-delayed';
import { useListParams } from '../../../../../lib/use-list-params';
import { useTitle } from '../../../../../lib/use-title';
import { useAdminObjects } from '../types-api';

const VISIBILITY = { public: 'Everyone', 'signed-in': 'Signed-in users', members: 'Members' } as const;

/** Every object of the catalogue, searched by name and title, a page at a time; each opens to its raw fields. */
export default function ObjectsAdminPage() {
  useTitle('Objects · Site Admin');
  const { searchInput, q, page, setPage } = useListParams();
  const objects = useAdminObjects(q, page);
  const spinner = useDelayedFlag(objects.isFetching);
  const list = objects.data?.data.objects;
  return (
    <Stack gap="lg">
      <Title order={1}>Objects</Title>
      <Text size="sm" c="dimmed">
        Every object, whatever its projects: change its title, types and raw metadata here. Its location, people and documentation are changed on its own page.
      </Text>
      <Group align="flex-end" gap="sm" role="search" aria-label="Find objects">
        <TextInput label="Search objects" placeholder="Name or title" leftSection={<IconSearch size={16} aria-hidden />} {...searchInput} w={320} maw="100%" />
        {spinner ? <Loader size="sm" role="status" aria-label="Loading" /> : null}
      </Group>
      <FormError error={objects.error} />
      {list?.length === 0 ? <Text>{q ? `No object matches “${q}”.` : 'No objects are catalogued yet.'}</Text> : null}
      {list && list.length > 0 ? (
        <AdminTable
          label="Objects"
          minWidth={640}
          highlightOnHover
          rows={list}
          rowKey={(o) => o.id}
          columns={[
            {
              header: 'Title',
              cell: (o) => (
                <Anchor component={PrefetchLink} to={paths.adminObject(o.name)} fw={500}>
                  {o.title}
                </Anchor>
              ),
            },
            {
              header: 'Name',
              cell: (o) => (
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {o.name}
                </Text>
              ),
            },
            { header: 'Types', cell: (o) => <TypeBadges types={o.types} /> },
            { header: 'Visible to', cell: (o) => VISIBILITY[o.visibility] },
          ]}
        />
      ) : null}
      <Paging pagination={objects.data?.pagination} page={page} onChange={setPage} noun={['object', 'objects']} />
    </Stack>
  );
}
