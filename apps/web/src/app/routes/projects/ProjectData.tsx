import { Alert, Anchor, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PrefetchLink } from '../../../components/PrefetchLink';
import { paths } from '../../../config/paths';
import { toErrorView } from '../../../lib/errors';
import { objectKeys } from '../../../lib/query-keys';
import { fetchObjects } from '../../../features/objects/api';
import { TypeBadges } from '../../../features/objects/object-bits';
import { objectScreens } from '../../../features/objects/keep';
import { DataTableView } from './measured/DataTableView';
import { useProjectDetail } from '../../../features/projects/ProjectLayout';
import { WideTable } from '../../../components/WideTable';
import { KeepOffline } from '../../../components/KeepOffline';
import { keepProject, PROJECT_KEEP_MAX, projectKeepId } from './keep-project';

const SHOWN = 25;

/** The catalogue's own query and cache entry, so saving an object refreshes this list too. */
const listQuery = (slug: string) => new URLSearchParams({ project: slug, limit: String(SHOWN) }).toString();

/** The sites and other objects the project catalogues: the first page, and the way to all of them; kept offline here. */
function ProjectObjects({ project }: { project: { id: string; slug: string; title: string } }) {
  const { slug } = project;
  const query = listQuery(slug);
  const objects = useQuery({ queryKey: objectKeys.list(query, 1), queryFn: () => fetchObjects(query, 1) });
  if (objects.error) {
    return (
      <Alert color="danger" title="The sites and objects could not be loaded">
        {toErrorView(objects.error).message}
      </Alert>
    );
  }
  if (!objects.data) return <Loader size="sm" role="status" aria-label="Loading sites and objects" />;
  const { objects: rows } = objects.data.data;
  const total = objects.data.pagination?.count ?? rows.length;
  if (rows.length === 0) return <Text c="dimmed">No sites or objects are catalogued in this project yet.</Text>;
  return (
    <Stack gap="xs">
      <WideTable label="Sites and objects" minWidth={480}>
        <Table aria-label="Sites and objects">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Types</Table.Th>
              <Table.Th>Part of</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <Anchor component={PrefetchLink} to={paths.object(o.name)}>
                    {o.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <TypeBadges types={o.types} />
                </Table.Td>
                <Table.Td>{o.parent?.title ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
      <Anchor component={PrefetchLink} to={`${paths.data}?project=${encodeURIComponent(slug)}`}>
        {total > rows.length ? `All ${total} in the data catalogue` : 'Open in the data catalogue'}
      </Anchor>
      <KeepOffline
        description={`Kept offline, the project and ${total > PROJECT_KEEP_MAX ? `the first ${PROJECT_KEEP_MAX} of its ${total}` : `its ${total}`} sites and objects, with their notebooks and photos, open on this device with no network.`}
        keepId={projectKeepId(project.id)}
        title={project.title}
        keep={(username) => keepProject(username, project, query)}
        screens={[paths.project(slug), ...objectScreens(rows[0]!.name)]}
      />
    </Stack>
  );
}

/** The project's sites and objects, then its data tables with their metrics. */
export default function ProjectData() {
  const { project, datatables, object_types: objectTypes, permissions } = useProjectDetail();
  // Its editors may import observations into its tables (from a spreadsheet, through Site Admin's import).
  const importer = permissions.includes('edit');
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby="project-objects">
        <Title order={2} size="h3" id="project-objects">
          Sites and objects
        </Title>
        <ProjectObjects project={project} />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="project-datatables">
        <Title order={2} size="h3" id="project-datatables">
          Data tables
        </Title>
        {datatables.length === 0 ? (
          <Text c="dimmed">This project has no data tables yet. Measured data appears here once a data manager catalogues it.</Text>
        ) : (
          datatables.map((table) => (
            <DataTableView
              key={table.id}
              slug={project.slug}
              table={table}
              types={objectTypes}
              reviewable={importer}
              actions={
                importer ? (
                  <Button
                    component={Link}
                    to={paths.adminImportObservations(project.slug, table.id)}
                    variant="light"
                    size="xs"
                    leftSection={<IconUpload size={14} aria-hidden />}
                    aria-label={`Import observations into ${table.title}`}
                  >
                    Import observations
                  </Button>
                ) : null
              }
            />
          ))
        )}
      </Stack>
    </Stack>
  );
}
