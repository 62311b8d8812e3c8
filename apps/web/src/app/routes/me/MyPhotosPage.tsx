import { Container, Stack, Text, Title } from '@mantine/core';
import { useTitle } from '../../../lib/use-title';

/** The photos the signed-in user took or uploaded: filled by the photo search when it lands. */
export default function MyPhotosPage() {
  useTitle('My Photos');
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>My Photos</Title>
        <Text c="dimmed">The photos you add to sites and objects will be listed here, with a search by text, date and place.</Text>
      </Stack>
    </Container>
  );
}
