import { Alert, Anchor, Button, Container, Group, Loader, Popover, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useListParams } from '../../lib/use-list-params';
import { Paging } from '../../components/Paging';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/auth';
import { toErrorView } from '../../lib/errors';
import { useDelayedFlag } from '../../lib/use-delayed';
import { useTitle } from '../../lib/use-title';
import { downloadExport, fetchObjects, useObjectTypes, type ObjectListItem, type ObjectsDownload } from './api';
import { SPREADSHEET_DOWNLOADS } from '../../lib/spreadsheet-downloads';
import { TypeBadges } from './object-bits';
import { objectKeys } from './keys';
import { ObjectPicker } from '../../components/pickers/ObjectPicker';
import { ProjectPicker } from '../../components/pickers/ProjectPicker';
import { WideTable } from '../../components/WideTable';

const ObjectsMapView = lazy(() => import('./ObjectsMapView'));
const FILTERS = ['type', 'project', 'parent'] as const;

function ObjectsTable({ objects }: { objects: ObjectListItem[] }) {
  return (
    <WideTable label="Objects" minWidth={640}>
      <Table striped highlightOnHover aria-label="Objects">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Title</Table.Th>
            <Table.Th scope="col">Types</Table.Th>
            <Table.Th scope="col">Parent</Table.Th>
            <Table.Th scope="col">Projects</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {objects.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>
                <Anchor component={PrefetchLink} to={paths.object(o.name)} fw={500}>
                  {o.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <TypeBadges types={o.types} />
              </Table.Td>
              <Table.Td>
                {o.parent ? (
                  <Anchor component={PrefetchLink} to={paths.object(o.parent.name)} size="sm">
                    {o.parent.title}
                  </Anchor>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {o.projects.map((p, i) => (
                    <span key={p.id}>
                      {i > 0 ? ', ' : ''}
                      <Anchor component={PrefetchLink} to={paths.project(p.slug)} inherit>
                        {p.title}
                      </Anchor>
                    </span>
                  ))}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

/** GeoJSON, CSV (plain or for Excel) or XLSX of every object the current search and filters match, as one file streamed by the server. */
function ExportMenu({ query, total }: { query: string; total: number }) {
  const [busy, setBusy] = useState(false);
  const download = (format: ObjectsDownload) => {
    setBusy(true);
    downloadExport(query, format)
      .catch((error: unknown) => notifications.show({ color: 'danger', title: 'The export failed', message: toErrorView(error).message }))
      .finally(() => setBusy(false));
  };
  return (
    <Popover position="bottom-end" width={380} trapFocus shadow="md">
      <Popover.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />} loading={busy} disabled={total === 0}>
          Export
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">
            {total === 1 ? 'The 1 object' : `All ${total} objects`} matching the current search and filters, in one file. GeoJSON leaves out objects without a
            location.
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => download('geojson')} disabled={busy}>
              GeoJSON
            </Button>
            {SPREADSHEET_DOWNLOADS.map((d) => (
              <Button key={d.key} size="xs" variant="default" onClick={() => download(d.key)} disabled={busy}>
                {d.label}
              </Button>
            ))}
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The object catalogue: search, filters by type, project and parent, a table or a map of the page, exports. */
export default function ObjectsPage() {
  useTitle('Data');
  const { searchInput, q, page, setPage, filters, setFilter, pickerFilter } = useListParams(FILTERS);
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'map' ? 'map' : 'table';
  // The search and filters as the API's query string (a string: the list's query key).
  const all = new URLSearchParams();
  if (q) all.set('q', q);
  for (const name of FILTERS) if (filters[name]) all.set(name, filters[name]);
  const query = all.toString();
  const list = useQuery({ queryKey: objectKeys.list(query, page), queryFn: () => fetchObjects(query, page), placeholderData: keepPreviousData });
  const types = useObjectTypes();
  const { user } = useCurrentUser();
  const spinner = useDelayedFlag(list.isFetching);

  // Table or map: a view of the same page, a history entry of its own.
  const setView = (next: string) =>
    setParams((old) => {
      const merged = new URLSearchParams(old);
      if (next === 'map') merged.set('view', 'map');
      else merged.delete('view');
      return merged;
    });

  const objects = list.data?.data.objects ?? [];
  const pagination = list.data?.pagination;
  const filtered = query !== '';
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>Data</Title>
          <Group gap="sm">
            <ExportMenu query={query} total={pagination?.count ?? objects.length} />
            {user ? (
              <Button component={PrefetchLink} to={paths.objectNew}>
                Add object
              </Button>
            ) : null}
          </Group>
        </Group>
        <Text size="sm">
          The sites, properties and plots of the observatory. What is measured, by theme, is in the{' '}
          <Anchor component={PrefetchLink} to={paths.nodes}>
            data catalogue
          </Anchor>
          .
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Find objects">
          <TextInput label="Search objects" placeholder="Name or title" leftSection={<IconSearch size={16} aria-hidden />} {...searchInput} w={260} />
          <Select
            label="Type"
            placeholder="Any"
            clearable
            data={(types.data ?? []).map((t) => ({ value: t.slug, label: t.name }))}
            value={filters.type}
            onChange={(v) => setFilter('type', v)}
            w={180}
          />
          <ProjectPicker placeholder="Any" by="slug" clearable w={220} {...pickerFilter('project')} />
          <ObjectPicker label="Parent" placeholder="Any" by="name" clearable w={220} {...pickerFilter('parent')} />
          <SegmentedControl
            aria-label="Show as"
            data={[
              { value: 'table', label: 'Table' },
              { value: 'map', label: 'Map' },
            ]}
            value={view}
            onChange={setView}
          />
          {spinner ? <Loader size="sm" role="status" aria-label="Loading" /> : null}
        </Group>
        {list.error ? (
          <Alert color="danger" role="alert" title="The objects could not be loaded">
            {toErrorView(list.error).message}{' '}
            <Anchor component="button" type="button" onClick={() => void list.refetch()}>
              Try again
            </Anchor>
          </Alert>
        ) : null}
        {list.isSuccess && objects.length === 0 ? (
          <Text>{filtered ? 'No object matches this search and these filters.' : 'No objects are catalogued yet.'}</Text>
        ) : null}
        {objects.length > 0 && view === 'table' ? <ObjectsTable objects={objects} /> : null}
        {objects.length > 0 && view === 'map' ? (
          <Suspense fallback={<Loader role="status" aria-label="Loading the map" />}>
            <ObjectsMapView query={query} page={page} />
          </Suspense>
        ) : null}
        <Paging pagination={pagination} page={page} onChange={setPage} noun={['object', 'objects']} />
      </Stack>
    </Container>
  );
}
