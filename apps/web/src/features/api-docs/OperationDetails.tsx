import { Anchor, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { WideTable } from '../../components/WideTable';
import { exampleJson, exampleOf } from './example';
import type { MediaSchema, OpenApiDocument, Operation } from './openapi';
import { typeLabel, resolveSchema } from './schema';
import { SchemaTree } from './SchemaTree';
import { TryIt } from './TryIt';
import classes from './api-docs.module.css';

/** What an operation takes and answers, and a panel to try it; drawn only while its item is open. */
export function OperationDetails({ document, operation }: { document: OpenApiDocument; operation: Operation }) {
  return (
    <Stack gap="md">
      <Text>{operation.summary}</Text>
      {operation.description ? <Text size="sm">{operation.description}</Text> : null}
      <Anchor href={`#${operation.anchor}`} size="sm" w="fit-content">
        Link to this operation
      </Anchor>
      {operation.parameters.length ? <Parameters document={document} operation={operation} /> : null}
      {operation.requestBody ? (
        <Stack gap="xs">
          <Title order={5}>Request body</Title>
          <MediaSchemaView document={document} media={operation.requestBody} label="The parts of the request body" exampleProperties="required" />
        </Stack>
      ) : null}
      <Responses document={document} operation={operation} />
      <TryIt document={document} operation={operation} />
    </Stack>
  );
}

function Parameters({ document, operation }: { document: OpenApiDocument; operation: Operation }) {
  return (
    <Stack gap="xs">
      <Title order={5}>Parameters</Title>
      <WideTable label="Parameters" minWidth={520}>
        <Table striped fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>In</Table.Th>
              <Table.Th>Required</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Description</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {operation.parameters.map((p) => (
              <Table.Tr key={`${p.in}-${p.name}`}>
                <Table.Td>
                  <Code>{p.name}</Code>
                </Table.Td>
                <Table.Td>{p.in}</Table.Td>
                <Table.Td>{p.required ? 'yes' : 'no'}</Table.Td>
                <Table.Td className={classes.breakAnywhere}>{typeLabel(document, resolveSchema(document, p.schema))}</Table.Td>
                <Table.Td className={classes.breakAnywhere}>{[p.description, ...parameterFacts(p.schema)].filter(Boolean).join(' · ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
    </Stack>
  );
}

function parameterFacts(schema: { enum?: unknown[]; default?: unknown; format?: string }): string[] {
  return [
    schema.enum ? `one of ${schema.enum.join(', ')}` : null,
    schema.default !== undefined ? `default ${String(schema.default)}` : null,
    schema.format ? `format ${schema.format}` : null,
  ].filter((f): f is string => f !== null);
}

function Responses({ document, operation }: { document: OpenApiDocument; operation: Operation }) {
  return (
    <Stack gap="xs">
      <Title order={5}>Responses</Title>
      {operation.responses.map((response) => (
        <Stack key={response.status} gap={4}>
          <Group gap="xs">
            <Badge variant="dot" color={/^[23]/.test(response.status) ? 'green' : 'danger'}>
              {response.status}
            </Badge>
            <Text size="sm">{response.description ?? (response.media.length ? 'The answer' : 'No body')}</Text>
          </Group>
          {response.media.map((media) => (
            <MediaSchemaView
              key={media.mediaType}
              document={document}
              media={media}
              label={`The parts of the ${response.status} answer`}
              exampleProperties="all"
            />
          ))}
        </Stack>
      ))}
      <Text size="sm" c="dimmed">
        Any call may also answer an error (400, 401, 403, 404, 409, 429…) in{' '}
        <Anchor href="#errors" underline="always">
          the error shape
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

/** Success green, errors in the danger colour; the text a shade darker than Mantine's for contrast. */

/** A body's media type, its schema tree and, on request, an example of it. */
function MediaSchemaView({
  document,
  media,
  label,
  exampleProperties,
}: {
  document: OpenApiDocument;
  media: MediaSchema;
  label: string;
  exampleProperties: 'required' | 'all';
}) {
  const [showExample, setShowExample] = useState(false);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {media.mediaType}
      </Text>
      <SchemaTree document={document} schema={media.schema} label={label} />
      <Button variant="subtle" size="compact-xs" w="fit-content" aria-expanded={showExample} onClick={() => setShowExample((s) => !s)}>
        {showExample ? 'Hide the example' : 'Show an example'}
      </Button>
      {showExample ? <Example document={document} media={media} properties={exampleProperties} /> : null}
    </Stack>
  );
}

function Example({ document, media, properties }: { document: OpenApiDocument; media: MediaSchema; properties: 'required' | 'all' }) {
  const text = useMemo(() => exampleJson(exampleOf(document, media.schema, { properties })), [document, media, properties]);
  return (
    <Code block className={classes.code} tabIndex={0} role="region" aria-label="Example">
      {text}
    </Code>
  );
}
