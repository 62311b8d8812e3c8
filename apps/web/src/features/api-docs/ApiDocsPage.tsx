import { Accordion, Anchor, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageState } from '../../components/PageState';
import { paths } from '../../config/paths';
import { useTitle } from '../../lib/use-title';
import { AuthenticationSection, ErrorsSection } from './DocsSections';
import { filterOperations, groupByTag, listOperations, useOpenApi, type OpenApiDocument, type Operation } from './openapi';
import { OperationDetails } from './OperationDetails';
import { MethodBadge } from './ResponseView';
import classes from './api-docs.module.css';

/**
 * /doc/api: the API reference, read from the live OpenAPI document: every operation by
 * tag, what it takes and answers, and a panel to try it. An operation's details are drawn
 * only while it is open, so two hundred of them stay quick.
 */
export default function ApiDocsPage() {
  useTitle('API reference');
  const openapi = useOpenApi();
  if (!openapi.data) return <PageState isPending={openapi.isPending} error={openapi.error} />;
  const document = openapi.data;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>API reference</Title>
          <Text>
            {document.info.title}, version {document.info.version}. Everything the web app does, it does through this API: the same calls are open to your own
            programs.
          </Text>
          <Anchor component={Link} to={paths.apiDocsObjects} w="fit-content">
            A guide to the objects API, with examples to run
          </Anchor>
        </Stack>
        <AuthenticationSection />
        <ErrorsSection document={document} />
        <Operations document={document} />
      </Stack>
    </Container>
  );
}

/** The element id a hash names (#get-/pubs), or null. */
function hashTarget(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

function Operations({ document }: { document: OpenApiDocument }) {
  const operations = useMemo(() => listOperations(document), [document]);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const groups = useMemo(() => groupByTag(filterOperations(operations, deferredFilter)), [operations, deferredFilter]);
  const [open, setOpen] = useState<string[]>([]);
  const target = hashTarget(useLocation().hash);

  // A deep link (/doc/api#get-/pubs) opens its operation and scrolls to it; it fills in nothing.
  useEffect(() => {
    if (!target || !operations.some((o) => o.anchor === target)) return;
    setFilter('');
    setOpen((was) => (was.includes(target) ? was : [...was, target]));
    const frame = requestAnimationFrame(() => globalThis.document.getElementById(target)?.scrollIntoView?.({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [target, operations]);

  const count = groups.reduce((n, g) => n + g.operations.length, 0);
  return (
    <Stack gap="md" component="section" aria-labelledby="operations">
      <Title order={2} size="h3" id="operations">
        Operations
      </Title>
      <TextInput
        label="Filter the operations"
        description="By method, path, words of the summary or tag: “get /pubs”"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        type="search"
        autoComplete="off"
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === operations.length ? `${count} operations` : `${count} of ${operations.length} operations`}
      </Text>
      {groups.length ? (
        <>
          <TagNavigation tags={groups.map((g) => ({ tag: g.tag, count: g.operations.length }))} />
          {groups.map((group) => (
            <Stack key={group.tag} gap="xs" component="section" aria-labelledby={tagId(group.tag)}>
              <Title order={3} size="h4" id={tagId(group.tag)} tt="capitalize">
                {group.tag}
              </Title>
              <Accordion multiple variant="separated" order={4} value={open} onChange={setOpen} chevronPosition="left">
                {group.operations.map((operation) => (
                  <OperationItem key={operation.anchor} document={document} operation={operation} open={open.includes(operation.anchor)} />
                ))}
              </Accordion>
            </Stack>
          ))}
        </>
      ) : (
        <Text>No operation matches “{filter}”.</Text>
      )}
    </Stack>
  );
}

const tagId = (tag: string) => `tag-${tag.replace(/\s+/g, '-')}`;

function TagNavigation({ tags }: { tags: { tag: string; count: number }[] }) {
  return (
    <nav aria-label="Tags">
      <ul className={classes.tagList}>
        {tags.map(({ tag, count }) => (
          <li key={tag}>
            <Anchor href={`#${tagId(tag)}`} size="sm">
              {tag} ({count})
            </Anchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function OperationItem({ document, operation, open }: { document: OpenApiDocument; operation: Operation; open: boolean }) {
  return (
    <Accordion.Item value={operation.anchor} id={operation.anchor}>
      <Accordion.Control>
        <MethodBadge method={operation.method} /> <span className={classes.controlPath}>{operation.path}</span>{' '}
        <Text span size="sm" c="dimmed" display="block">
          {operation.summary}
        </Text>
      </Accordion.Control>
      <Accordion.Panel>{open ? <OperationDetails document={document} operation={operation} /> : null}</Accordion.Panel>
    </Accordion.Item>
  );
}
