import { Stack, Title } from '@mantine/core';

/** A section of a page, named by its heading (an h2 in the size of an h3), for the outline and for assistive technology. */
export function PageSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
