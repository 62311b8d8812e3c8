import { Anchor, Code, List, Stack, Text, Title } from '@mantine/core';
import { ACCESS_TOKEN_MAX_AGE_S, API_KEY_PREFIX, API_ROOT, ERROR_CODES, ErrorBodySchema, fieldProblem, PAGINATION_HEADERS } from '@observatory/shared';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '../../config/paths';
import { exampleJson } from './example';
import type { JsonSchema, OpenApiDocument } from './openapi';
import { SchemaTree } from './SchemaTree';
import classes from './api-docs.module.css';

/** How to call the API at all: the base address, JSON, tokens and keys, pages. */
export function AuthenticationSection() {
  const origin = window.location.origin;
  return (
    <Stack gap="xs" component="section" aria-labelledby="authentication">
      <Title order={2} size="h3" id="authentication">
        Authentication
      </Title>
      <Text>
        Every address below starts with <Code className={classes.breakAnywhere}>{origin + API_ROOT}</Code>. Requests and answers are JSON. What a visitor may
        read needs no token; everything else needs one, sent in a header:
      </Text>
      <Code block className={classes.wrapCode}>
        Authorization: Bearer &lt;access token or API key&gt;
      </Code>
      <List spacing={4} size="sm">
        <List.Item>
          <strong>An access token</strong> is what the web app uses: <Code>POST {API_ROOT}/auth/login</Code> answers one, valid for{' '}
          {ACCESS_TOKEN_MAX_AGE_S / 60} minutes. On this page, “Try it” sends yours while you are signed in.
        </List.Item>
        <List.Item>
          <strong>An API key</strong> (it starts with <Code>{API_KEY_PREFIX}</Code>) is for scripts and other programs. Create one under{' '}
          <Anchor component={Link} to={paths.me} inherit>
            My Account
          </Anchor>{' '}
          → API keys; its secret is shown once. A key acts as you, so keep it out of code you share, and revoke it there when it is no longer needed.
        </List.Item>
        <List.Item>
          Lists come a page at a time: <Code>?p=2</Code> asks for the second page, and the headers <Code>{PAGINATION_HEADERS.page}</Code>,{' '}
          <Code>{PAGINATION_HEADERS.count}</Code> (how many in all) and <Code>{PAGINATION_HEADERS.limit}</Code> (how many a page) describe it.
        </List.Item>
      </List>
    </Stack>
  );
}

/** The one shape of every error answer, from the schema the server answers it with. */
export function ErrorsSection({ document }: { document: OpenApiDocument }) {
  const schema = useMemo(() => z.toJSONSchema(ErrorBodySchema) as JsonSchema, []);
  const example = {
    error: fieldProblem('body.title', 'At most 300 characters'),
    code: 'VALIDATION_FAILED',
    details: [{ field: 'body.title', message: 'At most 300 characters' }],
    requestId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="errors" id="errors-section">
      <Title order={2} size="h3" id="errors">
        Errors
      </Title>
      <Text>
        A call that fails answers a status of 400 or more with this body. Branch on <Code>code</Code> ({ERROR_CODES.join(', ')}), never on the text; a 400 names
        each bad field in <Code>details</Code>; quote <Code>requestId</Code> when you report a problem.
      </Text>
      <SchemaTree document={document} schema={schema} label="The parts of an error" />
      <Code block className={classes.code} tabIndex={0} role="region" aria-label="An example error">
        {exampleJson(example)}
      </Code>
    </Stack>
  );
}
