import { Badge, Box, Code, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { JsonSchema, OpenApiDocument } from './openapi';
import { childNodes, schemaNode, type SchemaNode } from './schema';
import classes from './api-docs.module.css';

/**
 * A schema as a tree of its properties: each part that has parts of its own opens on a
 * click, and its lines are worked out only then (a document node holds document nodes).
 */
export function SchemaTree({ document, schema, label }: { document: OpenApiDocument; schema: JsonSchema; label: string }) {
  const root = useMemo(() => schemaNode(document, schema), [document, schema]);
  return (
    <Box className={classes.tree}>
      <NodeLine node={root} />
      {root.hasChildren ? <Children document={document} node={root} label={label} /> : null}
    </Box>
  );
}

function Children({ document, node, label }: { document: OpenApiDocument; node: SchemaNode; label: string }) {
  const children = useMemo(() => childNodes(document, node), [document, node]);
  return (
    <ul className={classes.treeList} aria-label={label}>
      {children.map((child) => (
        <SchemaItem key={child.id} document={document} node={child} />
      ))}
    </ul>
  );
}

function SchemaItem({ document, node }: { document: OpenApiDocument; node: SchemaNode }) {
  const [open, setOpen] = useState(false);
  const Chevron = open ? IconChevronDown : IconChevronRight;
  return (
    <li>
      {node.hasChildren ? (
        <UnstyledButton className={classes.treeToggle} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <Chevron size={14} aria-hidden />
          <NodeLine node={node} />
        </UnstyledButton>
      ) : (
        <Box pl={18}>
          <NodeLine node={node} />
        </Box>
      )}
      {open ? <Children document={document} node={node} label={`The parts of ${node.name ?? 'it'}`} /> : null}
    </li>
  );
}

function NodeLine({ node }: { node: SchemaNode }) {
  return (
    <Box component="span" className={classes.treeLine}>
      <Box component="span" className={classes.treeHead}>
        {node.name ? <Code>{node.name}</Code> : null}{' '}
        <Text span size="sm" c="dimmed" className={classes.breakAnywhere}>
          {node.label}
        </Text>{' '}
        {node.required ? (
          <Badge component="span" size="xs" variant="light" color="gray" c="gray.8">
            required
          </Badge>
        ) : null}
        {node.refName && node.label !== node.refName ? (
          <Badge component="span" size="xs" variant="outline" color="gray" c="gray.8" tt="none">
            {node.refName}
          </Badge>
        ) : null}
      </Box>
      {node.description ? (
        <Text size="sm" component="span" display="block">
          {node.description}
        </Text>
      ) : null}
      {node.facts.length ? (
        <Text size="xs" c="dimmed" component="span" display="block" className={classes.breakAnywhere}>
          {node.facts.join(' · ')}
        </Text>
      ) : null}
    </Box>
  );
}
