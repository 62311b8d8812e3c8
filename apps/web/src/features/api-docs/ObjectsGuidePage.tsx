import { Alert, Anchor, Button, Code, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useTitle } from '../../lib/use-title';
import { GUIDE_EXAMPLES, runExample, type GuideExample } from './guide';
import { MethodBadge, ResponseView } from './ResponseView';
import { operationAnchor } from './openapi';
import { requestUrl, sendTry } from './try-it';
import classes from './api-docs.module.css';

/**
 * /doc/api/data/obj: the objects API by example. Each example runs against this
 * catalogue as you (or as a visitor), with names it looks up as it goes.
 */
export default function ObjectsGuidePage() {
  useTitle('The objects API');
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Anchor component={Link} to={paths.apiDocs} size="sm" w="fit-content">
            ← API reference
          </Anchor>
          <Title order={1}>The objects API</Title>
          <Text>
            Sites, properties, plots and every other object of the catalogue live under <Code>/api/v1/data/obj</Code>. An object is named by its name (its
            address on this site) or its id. Lists come a page at a time, with the pagination headers.
          </Text>
          <Text size="sm">
            The operations in the reference:{' '}
            <Anchor component={Link} to={`${paths.apiDocs}#${operationAnchor('get', '/data/obj')}`}>
              GET /data/obj
            </Anchor>
            ,{' '}
            <Anchor component={Link} to={`${paths.apiDocs}#${operationAnchor('get', '/data/obj/{key}')}`}>
              GET /data/obj/{'{key}'}
            </Anchor>
            ,{' '}
            <Anchor component={Link} to={`${paths.apiDocs}#${operationAnchor('get', '/data/obj/{key}/notes')}`}>
              GET /data/obj/{'{key}'}/notes
            </Anchor>
            .
          </Text>
        </Stack>
        {GUIDE_EXAMPLES.map((example) => (
          <ExampleCard key={example.id} example={example} />
        ))}
      </Stack>
    </Container>
  );
}

function ExampleCard({ example }: { example: GuideExample }) {
  const run = useMutation({ mutationFn: () => runExample(example, sendTry) });
  const titleId = `example-${example.id}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {example.title}
        </Title>
        <Text>{example.intro}</Text>
        {/* The visible words stay short on a phone; the name says which example runs. */}
        <Button w="fit-content" onClick={() => run.mutate()} loading={run.isPending} aria-label={`Run example: ${example.title}`}>
          Run example
        </Button>
        {run.data ? (
          <Stack gap="md">
            {run.data.outcomes.map((outcome, i) => (
              <Stack key={i} gap="xs">
                <Text size="sm" fw={600}>
                  {i + 1}. {outcome.explain}
                </Text>
                <Text size="sm" className={classes.breakAnywhere}>
                  <MethodBadge method={outcome.request.method} /> <Code>{requestUrl(outcome.request)}</Code>
                </Text>
                {outcome.note ? <Text size="sm">{outcome.note}</Text> : null}
                <ResponseView result={outcome.result} />
              </Stack>
            ))}
            {run.data.stopped ? (
              <Alert color="danger" role="alert">
                {run.data.stopped}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
