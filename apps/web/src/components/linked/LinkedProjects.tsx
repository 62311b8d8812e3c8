import { Anchor, Badge, Group, List, Text } from '@mantine/core';
import type { LinkedProject } from '@observatory/shared';
import { paths } from '../../config/paths';
import { PrefetchLink } from '../PrefetchLink';
import { StatusBadge } from '../StatusBadge';

const NOT_PUBLIC = { 'signed-in': 'Signed-in users', members: 'Members only' } as const;

/** The projects of a person, a partner or a team, by title: each with its role, status and, when not public, who may see it. */
export function LinkedProjects({ projects, empty }: { projects: LinkedProject[]; empty: string }) {
  if (projects.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <List listStyleType="none" spacing="xs" aria-label="Projects">
      {projects.map((p) => (
        <List.Item key={p.id}>
          <Group gap="xs" wrap="wrap">
            <Anchor component={PrefetchLink} to={paths.project(p.slug)} fw={500}>
              {p.title}
            </Anchor>
            {p.role ? (
              <Text span c="dimmed" size="sm">
                {p.role}
              </Text>
            ) : null}
            <StatusBadge status={p.status} />
            {p.visibility !== 'public' ? (
              <Badge size="sm" variant="outline" color="gray">
                {NOT_PUBLIC[p.visibility]}
              </Badge>
            ) : null}
          </Group>
          {p.summary ? (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {p.summary}
            </Text>
          ) : null}
        </List.Item>
      ))}
    </List>
  );
}
