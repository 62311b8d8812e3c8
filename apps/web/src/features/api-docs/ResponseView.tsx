import { Badge, Code, Group, Stack, Table, Text } from '@mantine/core';
import { PAGINATION_HEADERS } from '@observatory/shared';
import type { TryResult } from './try-it';
import classes from './api-docs.module.css';

/** The headers worth reading in an answer; the security headers every answer carries are left out. */
const SHOWN_HEADERS = [...Object.values(PAGINATION_HEADERS), 'content-type', 'content-length', 'location', 'etag', 'retry-after', 'x-request-id'];

const METHOD_COLORS: Record<string, string> = { GET: 'blue', HEAD: 'blue', POST: 'green', PUT: 'orange', PATCH: 'grape', DELETE: 'danger' };
export const methodColor = (method: string) => METHOD_COLORS[method] ?? 'gray';

export function MethodBadge({ method }: { method: string }) {
  return (
    // The tint tells the method at a glance; the text stays dark, readable on every tint.
    <Badge component="span" variant="light" color={methodColor(method)} c="dark.8" className={classes.method}>
      {method}
    </Badge>
  );
}

/** An answer: its status and time, the headers that matter (pagination above all) and the body. */
export function ResponseView({ result }: { result: TryResult }) {
  const ok = result.status !== null && result.status < 400;
  const headers = result.headers.filter(([name]) => SHOWN_HEADERS.includes(name));
  return (
    <Stack gap="xs" aria-live="polite">
      <Group gap="xs">
        <Badge color={ok ? 'green' : 'danger'} variant="dot" aria-hidden>
          {result.status ?? '—'}
        </Badge>
        <Text size="sm" fw={600}>
          {result.status === null ? 'No answer' : `Status ${result.status}`} · {result.durationMs} ms
        </Text>
      </Group>
      {headers.length ? (
        <Table withTableBorder fz="xs" verticalSpacing={2} aria-label="Response headers">
          <Table.Tbody>
            {headers.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th scope="row" fw={500}>
                  {name}
                </Table.Th>
                <Table.Td className={classes.breakAnywhere}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {result.body ? (
        <Code block className={classes.code} role="region" aria-label="Response body" tabIndex={0}>
          {result.body}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          No body.
        </Text>
      )}
    </Stack>
  );
}
