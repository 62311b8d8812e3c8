import { Anchor, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title, Container, Alert } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { PROJECT_STATUSES, type ProjectListItem } from '@observatory/shared';
import { useSearchParams } from 'react-router';
import { Paging } from '../../components/Paging';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useHasPermission } from '../../lib/auth';
import { useDelayedFlag } from '../../lib/use-delayed';
import { useTitle } from '../../lib/use-title';
import { PersonPicker } from '../../components/pickers/PersonPicker';
import { InstitutionPicker } from '../../components/pickers/InstitutionPicker';
import { TeamPicker } from '../../components/pickers/TeamPicker';
import { fetchProjects } from './api';
import { createProjectList } from './list-state';
import { ProjectDates, StatusBadge } from './project-bits';

const FILTERS = ['q', 'status', 'institution', 'team', 'person', 'sort'] as const;
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
        {project.visibility !== 'public' ? (
          <Badge variant="default" size="sm">
            {project.visibility === 'members' ? 'Members only' : 'Signed-in users'}
          </Badge>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The project catalogue: full-text search, filters, sort, 25 a page (the server's limit wins). */
export default function ProjectsPage({ mine = false }: { mine?: boolean }) {
  useTitle(mine ? 'My Projects' : 'Projects');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('p') ?? 1) || 1);
  const [q] = useDebouncedValue(params.get('q') ?? '', 250);
  const query = useMemo(() => {
    const filters = new URLSearchParams();
    for (const name of FILTERS) {
      const value = name === 'q' ? q : params.get(name);
      if (value) filters.set(name, value);
    }
    if (mine) filters.set('mine', 'true');
    return filters.toString();
  }, [params, q, mine]);
  const list = useMemo(() => createProjectList(fetchProjects), []);
  const state = useSyncExternalStore(list.subscribe, list.getState);
  useEffect(() => void list.search(query, page), [list, query, page]);
  const busy = useDelayedFlag(state.busy);
  const mayCreateOwn = useHasPermission('createProjects');
  const mayManage = useHasPermission('manageProjects');
  const mayCreate = mayCreateOwn || mayManage;

  const set = (name: string, value: string | null, history = false) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'p') next.delete('p');
        return next;
      },
      { replace: !history },
    );

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
            value={params.get('q') ?? ''}
            onChange={(e) => set('q', e.currentTarget.value)}
            w={320}
          />
          <Select label="Status" placeholder="Any" clearable data={PROJECT_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))} value={params.get('status')} onChange={(v) => set('status', v)} w={150} />
          <InstitutionPicker placeholder="Any" by="slug" clearable w={240} value={params.get('institution')} onChange={(v) => set('institution', v)} />
          <TeamPicker placeholder="Any" by="slug" clearable w={180} value={params.get('team')} onChange={(v) => set('team', v)} />
          <PersonPicker label="Contributor" placeholder="Anyone" by="slug" clearable w={220} value={params.get('person')} valueLabel={params.get('person') ?? undefined} onChange={(v) => set('person', v)} />
          <Select label="Sort by" placeholder={params.get('q') ? 'Relevance' : 'Title'} clearable data={SORTS} value={params.get('sort')} onChange={(v) => set('sort', v)} w={180} />
        </Group>
        {state.error ? (
          <Alert color="danger" role="alert" title="The projects could not be loaded">
            {state.error}{' '}
            <Anchor component="button" type="button" onClick={() => void list.search(query, page, { force: true })}>
              Try again
            </Anchor>
          </Alert>
        ) : null}
        {!state.busy && !state.error && state.currentPage > 0 && state.projects.length === 0 ? (
          <Text>{query.replace(/(^|&)mine=true/, '') ? 'No project matches these filters.' : mine ? 'You are not part of any project yet.' : 'No projects are catalogued yet.'}</Text>
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
          onChange={(p) => set('p', p > 1 ? String(p) : null, true)}
          noun={['project', 'projects']}
        />
      </Stack>
    </Container>
  );
}
