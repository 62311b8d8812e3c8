import { Alert, Button, Code, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { useCurrentUser } from '../../lib/auth';
import { exampleJson, exampleOf } from './example';
import type { OpenApiDocument, Operation, Parameter } from './openapi';
import { ResponseView } from './ResponseView';
import { buildTryRequest, curlFor, needsConfirmation, requestUrl, sendTry, type TryRequest } from './try-it';
import classes from './api-docs.module.css';
import { confirmAction } from '../../components/confirm';

/** The body editor's first text: an example of the body, for a call that sends one. */
function initialBody(document: OpenApiDocument, operation: Operation): string {
  if (!operation.requestBody || !needsConfirmation(operation.method)) return '';
  return exampleJson(exampleOf(document, operation.requestBody.schema, { properties: 'required' }));
}

/**
 * Sends the operation from the page, as the signed-in user (a visitor without a token).
 * The inputs start empty (the body with an example), never from the page's address: a
 * link cannot make anyone send what it chose. Anything but GET and HEAD asks first.
 */
export function TryIt({ document, operation }: { document: OpenApiDocument; operation: Operation }) {
  const { user } = useCurrentUser();
  const [values, setValues] = useState<Record<string, string>>({});
  const [bodyText, setBodyText] = useState(() => initialBody(document, operation));
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (request: TryRequest) => sendTry(request) });
  const built = buildTryRequest(operation, values, bodyText);
  const origin = window.location.origin;

  const confirmThenSend = (request: TryRequest) =>
    confirmAction({
      title: 'Send this request?',
      message: [
        <span key="request" className={classes.breakAnywhere}>
          <strong>{request.method}</strong> <Code>{origin + requestUrl(request)}</Code>
        </span>,
        user ? `It is sent as ${user.username}: it may change or delete real data.` : 'It is sent without a token, as a visitor.',
      ],
      confirmLabel: 'Send',
      danger: true,
      onConfirm: () => send.mutate(request),
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if ('error' in built) {
      setProblem(built.error);
      return;
    }
    setProblem(null);
    if (needsConfirmation(built.request.method)) confirmThenSend(built.request);
    else send.mutate(built.request);
  };

  const setValue = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const showsBody = !!operation.requestBody && needsConfirmation(operation.method);
  return (
    <Stack gap="sm">
      <Title order={5}>Try it</Title>
      <form noValidate onSubmit={submit} aria-label={`Try ${operation.method} ${operation.path}`}>
        <Stack gap="sm">
          {operation.parameters.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {operation.parameters.map((p) => (
                <ParameterInput key={`${p.in}-${p.name}`} parameter={p} value={values[p.name] ?? ''} onChange={(v) => setValue(p.name, v)} />
              ))}
            </SimpleGrid>
          ) : null}
          {showsBody ? (
            <Textarea
              label="Body (JSON)"
              description="Starts as an example of the body: change it to what you mean to send."
              value={bodyText}
              onChange={(e) => setBodyText(e.currentTarget.value)}
              autosize
              minRows={4}
              maxRows={16}
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          ) : null}
          {problem ? (
            <Alert color="danger" role="alert" p="xs">
              {problem}
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
            <Text size="xs" c="dimmed">
              {user ? `As ${user.username}, with your access token.` : 'As a visitor, without a token.'}
            </Text>
          </Group>
        </Stack>
      </form>
      {'request' in built ? <CurlCommand command={curlFor(built.request, origin, !!user)} /> : null}
      {send.data ? <ResponseView result={send.data} /> : null}
    </Stack>
  );
}

function ParameterInput({ parameter, value, onChange }: { parameter: Parameter; value: string; onChange: (value: string) => void }) {
  const description = [parameter.in === 'path' ? 'in the path' : 'in the query', parameter.required ? 'required' : null, parameter.description]
    .filter(Boolean)
    .join(' · ');
  const choices = parameter.schema.enum?.map(String);
  if (choices) {
    return (
      <NativeSelect label={parameter.name} description={description} value={value} onChange={(e) => onChange(e.currentTarget.value)} data={['', ...choices]} />
    );
  }
  return <TextInput label={parameter.name} description={description} value={value} onChange={(e) => onChange(e.currentTarget.value)} autoComplete="off" />;
}

function CurlCommand({ command }: { command: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          With curl
        </Text>
        <CopyButton value={command}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy the command'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block className={classes.wrapCode}>
        {command}
      </Code>
      <Text size="xs" c="dimmed">
        Set TOKEN to an access token or an API key first.
      </Text>
    </Stack>
  );
}
