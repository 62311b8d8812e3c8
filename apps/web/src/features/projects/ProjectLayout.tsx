import { Anchor, Badge, Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ProjectDetail } from '@observatory/shared';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { objectLoadErrorText } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { useProject } from './api';
import { StatusBadge } from './project-bits';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'data', label: 'Data' },
  { value: 'files', label: 'Files' },
  { value: 'updates', label: 'Updates' },
];

/** What the tabs of a project read. */
export const useProjectDetail = () => useOutletContext<ProjectDetail>();

/** A project's page: its header and tabs (overview, data, files, updates), each its own address. */
export default function ProjectLayout() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const project = useProject(slug);
  useTitle(project.data?.project.title ?? 'Project');
  const current = project.data?.project.slug;
  // A former slug still finds the project: show its current address.
  useEffect(() => {
    if (current && current !== slug) void navigate(pathname.replace(`/projects/${encodeURIComponent(slug)}`, paths.project(current)), { replace: true });
  }, [current, slug, pathname, navigate]);
  if (!project.data) {
    return <PageState isPending={project.isPending} error={project.error} message={project.error ? objectLoadErrorText(project.error) : undefined} />;
  }
  const { project: p, permissions } = project.data;
  const tab = pathname.split('/')[3] || 'overview';
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={1}>{p.title}</Title>
            {permissions.includes('edit') ? (
              <Button component={PrefetchLink} to={paths.projectEdit(p.slug)} variant="default">
                Edit
              </Button>
            ) : null}
          </Group>
          <Group gap="sm">
            <StatusBadge status={p.status} />
            {p.archived ? <Badge variant="default">Archived</Badge> : null}
            {p.visibility !== 'public' ? <Badge variant="default">{p.visibility === 'members' ? 'Members only' : 'Signed-in users'}</Badge> : null}
            {p.team ? (
              <Text size="sm">
                Team{' '}
                <Anchor component={PrefetchLink} to={paths.team(p.team.slug)}>
                  {p.team.name}
                </Anchor>
              </Text>
            ) : null}
          </Group>
        </Stack>
        <Tabs
          value={TABS.some((t) => t.value === tab) ? tab : 'overview'}
          onChange={(next) => void navigate(`${paths.project(p.slug)}${next && next !== 'overview' ? `/${next}` : ''}`)}
        >
          <Tabs.List>
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Outlet context={project.data} />
      </Stack>
    </Container>
  );
}
