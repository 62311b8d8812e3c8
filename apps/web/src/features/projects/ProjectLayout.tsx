import { Anchor, Badge, Container, Group, Stack, Text } from '@mantine/core';
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
import { PageTabs, TitleWithEdit, VisibilityBadge } from '../../components/detail-page';

const TABS = { overview: 'Overview', data: 'Data', files: 'Files', updates: 'Updates' };

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
          <TitleWithEdit title={p.title} editTo={permissions.includes('edit') ? paths.projectEdit(p.slug) : null} />
          <Group gap="sm">
            <StatusBadge status={p.status} />
            {p.archived ? <Badge variant="default">Archived</Badge> : null}
            <VisibilityBadge visibility={p.visibility} />
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
        <PageTabs
          tabs={TABS}
          value={Object.hasOwn(TABS, tab) ? tab : 'overview'}
          onChange={(next) => void navigate(`${paths.project(p.slug)}${next !== 'overview' ? `/${next}` : ''}`)}
        />
        <Outlet context={project.data} />
      </Stack>
    </Container>
  );
}
