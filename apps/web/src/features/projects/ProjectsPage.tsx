import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title, Container, Alert } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PROJECT_STATUSES, type ProjectListItem } from '@observatory/shared';
import { Paging } from '../../components/Paging';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useHasPermission } from '../../lib/auth';
import { useDelayedFlag } from '../../lib/use-delayed';
import { useTitle } from '../../lib/use-title';
import { PersonPicker } from '../../components/pickers/PersonPicker';
import { InstitutionPicker } from '../../components/pickers/InstitutionPicker';
import { TeamPicker } from '../../components/pickers/TeamPicker';
import { useListParams } from '../../lib/use-list-params';
import { useProjectList } from './api';
import { ProjectDates, StatusBadge } from './project-bits';
import { VisibilityBadge } from '../../components/detail-page';

const FILTERS = ['status', 'institution', 'team', 'person', 'sort'] as const;
const SORTS = [
  { value: 'title', label: 'Title' },
  { value: 'updated', label: 'Recently changed' },
  { value: 'start', label: 'Newest start' },
];

function ProjectCard({ project }: { project: ProjectListItem }) {
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={`project-${project.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={PrefetchLink} to={paths.project(project.slug)} fw={600} size="lg" id={`project-${project.id}`}>
            {project.title}
          </Anchor>
          <StatusBadge status={project.status} />
        </Group>
        {project.summary ? (
          <Text size="sm" lineClamp={3}>
            {project.summary}
          </Text>
        ) : null}
        <ProjectDates project={project} />
        {project.institutions.length ? (
          <Text size="sm" c="dimmed">
            {project.institutions.map((i) => i.name).join(' · ')}
          </Text>
        ) : null}
        <VisibilityBadge visibility={project.visibility} size="sm" />
      </Stack>
    </Card>
  );
}

/** The project catalogue: full-text search, filters, sort, 25 a page (the server's limit wins). */
export default function ProjectsPage({ mine = false }: { mine?: boolean }) {
  useTitle(mine ? 'My Projects' : 'Projects');
  const { searchInput, q, page, setPage, filters, setFilter, pickerFilter } = useListParams(FILTERS);
  // The search and filters as the API's query string (a string: the list's query key).
  const all = new URLSearchParams();
  if (q) all.set('q', q);
  for (const name of FILTERS) if (filters[name]) all.set(name, filters[name]);
  if (mine) all.set('mine', 'true');
  const query = all.toString();
  const state = useProjectList(query, page);
  const busy = useDelayedFlag(state.busy);
  const mayCreateOwn = useHasPermission('createProjects');
  const mayManage = useHasPermission('manageProjects');
  const mayCreate = mayCreateOwn || mayManage;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>{mine ? 'My Projects' : 'Projects'}</Title>
          {mayCreate ? (
            <Button component={PrefetchLink} to={paths.projectCreate}>
              New project
            </Button>
          ) : null}
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Find projects">
          <TextInput
            label="Search projects"
            placeholder="Title, summary or documentation"
            leftSection={<IconSearch size={16} aria-hidden />}
            {...searchInput}
            w={320}
          />
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={PROJECT_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
            value={filters.status}
            onChange={(v) => setFilter('status', v)}
            w={150}
          />
          <InstitutionPicker placeholder="Any" by="slug" clearable w={240} value={filters.institution} onChange={(v) => setFilter('institution', v)} />
          <TeamPicker placeholder="Any" by="slug" clearable w={180} value={filters.team} onChange={(v) => setFilter('team', v)} />
          <PersonPicker label="Contributor" placeholder="Anyone" by="slug" clearable w={220} {...pickerFilter('person')} />
          <Select
            label="Sort by"
            placeholder={q ? 'Relevance' : 'Title'}
            clearable
            data={SORTS}
            value={filters.sort}
            onChange={(v) => setFilter('sort', v)}
            w={180}
          />
        </Group>
        {state.error ? (
          <Alert color="danger" role="alert" title="The projects could not be loaded">
            {state.error}{' '}
            <Anchor component="button" type="button" onClick={state.retry}>
              Try again
            </Anchor>
          </Alert>
        ) : null}
        {!state.busy && !state.error && state.currentPage > 0 && state.projects.length === 0 ? (
          <Text>
            {query.replace(/(^|&)mine=true/, '')
              ? 'No project matches these filters.'
              : mine
                ? 'You are not part of any project yet.'
                : 'No projects are catalogued yet.'}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy={busy} aria-label="Projects" role="list">
          {state.projects.map((p) => (
            <div role="listitem" key={p.id}>
              <ProjectCard project={p} />
            </div>
          ))}
        </SimpleGrid>
        <Paging
          pagination={state.currentPage > 0 ? { page: state.currentPage, count: state.totalRows, limit: state.perPage } : null}
          page={page}
          onChange={setPage}
          noun={['project', 'projects']}
        />
      </Stack>
    </Container>
  );
}
