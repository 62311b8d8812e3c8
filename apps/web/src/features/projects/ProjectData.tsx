import { Stack, Text } from '@mantine/core';
import { useProjectDetail } from './ProjectLayout';

/** The project's data tables and their metrics (they arrive with the schema-and-data work). */
export default function ProjectData() {
  const { datatables } = useProjectDetail();
  return (
    <Stack gap="xs">
      {datatables.length === 0 ? <Text c="dimmed">This project has no data tables yet. Measured data appears here once a data manager catalogues it.</Text> : null}
    </Stack>
  );
}
