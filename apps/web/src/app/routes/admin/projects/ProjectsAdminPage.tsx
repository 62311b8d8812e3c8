import { Anchor, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import type { ProjectsResponse } from '@observatory/shared';
import { FormError } from '../../../../components/FormError';
import { Paging } from '../../../../components/Paging';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { paths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { projectKeys } from '../../../../lib/query-keys';
import { useListParams } from '../../../../lib/use-list-params';
import { useTitle } from '../../../../lib/use-title';
import { AdminTable } from '../../../../components/admin/AdminTable';

const VISIBLE_TO = { public: 'Everyone', 'signed-in': 'Signed-in users', members: 'Members' } as const;

/** Every project, archived ones included: search, then manage one. */
export default function ProjectsAdminPage() {
  useTitle('Projects · Site Admin');
  const { searchInput, q, page, setPage } = useListParams();
  const projects = useQuery({
    queryKey: projectKeys.admin(q, page),
    queryFn: ({ signal }) => api.page<ProjectsResponse>('/projects', { q: q || undefined, p: page, archived: 'true', sort: q ? undefined : 'title' }, signal),
    placeholderData: keepPreviousData,
  });
  const list = projects.data?.data.projects;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Projects</Title>
        <Button component={PrefetchLink} to={paths.adminProjectNew}>
          New project
        </Button>
      </Group>
      <TextInput label="Search projects" leftSection={<IconSearch size={16} aria-hidden />} {...searchInput} maw={420} />
      <FormError error={projects.error} />
      {list?.length === 0 ? <Text>{q ? `No project matches “${q}”.` : 'There are no projects yet.'}</Text> : null}
      {list && list.length > 0 ? (
        <AdminTable
          label="Projects"
          minWidth={560}
          highlightOnHover
          rows={list}
          rowKey={(p) => p.id}
          columns={[
            {
              header: 'Title',
              cell: (p) => (
                <>
                  <Anchor component={PrefetchLink} to={paths.adminProject(p.slug)}>
                    {p.title}
                  </Anchor>{' '}
                  {p.archived ? (
                    <Badge variant="default" size="sm">
                      Archived
                    </Badge>
                  ) : null}
                </>
              ),
            },
            { header: 'Status', cell: (p) => p.status },
            { header: 'Visible to', cell: (p) => VISIBLE_TO[p.visibility] },
          ]}
        />
      ) : null}
      <Paging pagination={projects.data?.pagination} page={page} onChange={setPage} noun={['project', 'projects']} />
    </Stack>
  );
}
