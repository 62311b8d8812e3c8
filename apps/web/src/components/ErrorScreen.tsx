import { Anchor, Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { GENERIC_ERROR_TEXT, STATUS_TEXT, type ErrorView } from '../lib/errors';
import { useTitle } from '../lib/use-title';

/** An error page of the spec's catalogue: heading by status, the code and the message. */
export function ErrorScreen({ error, homeLink = false }: { error: ErrorView; homeLink?: boolean }) {
  useTitle(error.heading, true, 'error');
  const explanation = error.status !== null && STATUS_TEXT[error.status];
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" role="alert" aria-live="polite">
        <Title order={1}>{error.heading}</Title>
        {explanation ? <Text>{explanation}</Text> : null}
        {error.heading === 'Error' ? <Text>{GENERIC_ERROR_TEXT}</Text> : null}
        {error.message && error.message !== explanation ? <Text c="dimmed">{error.message}</Text> : null}
        {error.status !== null && error.status > 0 ? (
          <Text size="sm" c="dimmed">
            Code: <Code>{error.code ? `${error.status} ${error.code}` : error.status}</Code>
          </Text>
        ) : null}
        {error.status === 401 ? (
          <Button component={Link} to={paths.login} w="fit-content">
            Log In
          </Button>
        ) : null}
        {homeLink || error.status !== 401 ? (
          <Anchor component={Link} to={paths.home} w="fit-content">
            Back to the home page
          </Anchor>
        ) : null}
      </Stack>
    </Container>
  );
}

/** An unmatched route: the 404 text says "This page could not be found". */
export const NOT_FOUND: ErrorView = { status: 404, heading: 'Not Found', message: '', code: null };

export function NotFoundScreen() {
  return <ErrorScreen error={NOT_FOUND} />;
}
