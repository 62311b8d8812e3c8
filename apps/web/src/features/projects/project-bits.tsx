import { Text } from '@mantine/core';
import type { Project } from '@observatory/shared';

export { StatusBadge } from '../../components/StatusBadge';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Mar 1, 2021 – Dec 31, 2024", "Since Mar 1, 2021", or nothing. */
export function ProjectDates({ project }: { project: Pick<Project, 'startDate' | 'endDate'> }) {
  const { startDate, endDate } = project;
  if (!startDate && !endDate) return null;
  const text = startDate && endDate ? `${day(startDate)} – ${day(endDate)}` : startDate ? `Since ${day(startDate)}` : `Until ${day(endDate!)}`;
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}
