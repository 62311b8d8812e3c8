import { Anchor, Badge, Breadcrumbs, Button, Container, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CatalogueNode, NodeResponse } from '@observatory/shared';
import { useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { metadataRows } from '../../components/metadata/metadata-view';
import { PageSection } from '../../components/PageSection';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useHasPermission } from '../../lib/auth';
import { useTitle } from '../../lib/use-title';
import { useDeleteNode, useNode, useRoots } from './api';
import { confirmDelete } from '../../components/confirm';

/** The nodes inside one (or at the root): each a link with its type and description. */
function NodeList({ nodes, empty }: { nodes: CatalogueNode[]; empty: string }) {
  if (nodes.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <List listStyleType="none" spacing="sm">
      {nodes.map((n) => (
        <List.Item key={n.path}>
          <Group gap="xs" wrap="wrap">
            <Anchor component={PrefetchLink} to={paths.node(n.path)} fw={500}>
              {n.title}
            </Anchor>
            <Badge size="sm" variant="light">
              {n.type.name}
            </Badge>
          </Group>
          {n.description ? (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {n.description}
            </Text>
          ) : null}
        </List.Item>
      ))}
    </List>
  );
}

function Crumbs({ data }: { data?: NodeResponse }) {
  return (
    <Breadcrumbs separator="›" component="nav" aria-label="Breadcrumbs" styles={{ root: { flexWrap: 'wrap' } }}>
      {data ? (
        <Anchor component={PrefetchLink} to={paths.nodes} size="sm">
          Data catalogue
        </Anchor>
      ) : null}
      {data?.ancestors.map((a) => (
        <Anchor key={a.path} component={PrefetchLink} to={paths.node(a.path)} size="sm">
          {a.title}
        </Anchor>
      ))}
      {data ? (
        <Text size="sm" aria-current="page">
          {data.node.title}
        </Text>
      ) : null}
    </Breadcrumbs>
  );
}

/** The catalogue's roots: where browsing the tree starts. */
function CatalogueRoots() {
  useTitle('Data catalogue');
  const roots = useRoots();
  const manages = useHasPermission('manageSchema');
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Title order={1}>Data catalogue</Title>
          {manages ? (
            <Button component={PrefetchLink} to={paths.nodeNew(null)} variant="default">
              New node
            </Button>
          ) : null}
        </Group>
        <Text>The observatory’s data by theme: open a theme to see what is measured, and how.</Text>
        {roots.data ? <NodeList nodes={roots.data} empty="The catalogue is empty." /> : <PageState isPending={roots.isPending} error={roots.error} />}
      </Stack>
    </Container>
  );
}

function NodeActions({ data }: { data: NodeResponse }) {
  const navigate = useNavigate();
  const remove = useDeleteNode(data.node.path);
  const parent = data.ancestors.at(-1)?.path ?? null;
  const askToDelete = () =>
    confirmDelete({
      title: `Delete ${data.node.title}?`,
      message: 'It goes from the catalogue with its details. This cannot be undone.',
      onConfirm: () =>
        remove.mutate(data.node.version, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `${data.node.title} deleted` });
            void navigate(parent ? paths.node(parent) : paths.nodes);
          },
        }),
    });
  const full = data.children.length > 0;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button component={PrefetchLink} to={paths.nodeEdit(data.node.path)} variant="default">
          Edit or move
        </Button>
        <Button component={PrefetchLink} to={paths.nodeNew(data.node.path)} variant="default">
          Add a node inside
        </Button>
        <Button variant="subtle" color="danger" onClick={askToDelete} disabled={full} loading={remove.isPending}>
          Delete
        </Button>
      </Group>
      {full ? (
        <Text size="xs" c="dimmed">
          Only an empty node can be deleted: move or delete what is inside first.
        </Text>
      ) : null}
      <FormError error={remove.error} />
    </Stack>
  );
}

/** One node: breadcrumbs from the root, its type, description, details by its schema, and what is inside it. */
function NodeDetail({ path }: { path: string }) {
  const node = useNode(path);
  const manages = useHasPermission('manageSchema');
  useTitle(node.data ? `${node.data.node.title} · Data catalogue` : 'Data catalogue');
  if (!node.data) return <PageState isPending={node.isPending} error={node.error} />;
  const { node: n, children, metadata, schema } = node.data;
  const rows = metadataRows(metadata, [{ key: n.type.slug, schemas: schema ? [schema.schema] : [] }]);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Crumbs data={node.data} />
          <Title order={1}>{n.title}</Title>
          <Group gap="xs">
            <Badge variant="light">{n.type.name}</Badge>
            <Text size="sm" c="dimmed" ff="monospace">
              {n.path}
            </Text>
          </Group>
        </Stack>
        {manages ? <NodeActions data={node.data} /> : null}
        {n.description ? <Text>{n.description}</Text> : null}
        <PageSection id="node-details" title="Details">
          {rows.length === 0 ? (
            <Text c="dimmed">No details recorded.</Text>
          ) : (
            <Table variant="vertical" layout="fixed" withTableBorder>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.key}>
                    <Table.Th w="40%">{r.label}</Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </PageSection>
        <PageSection id="node-children" title="Inside">
          <NodeList nodes={children} empty="Nothing inside yet." />
        </PageSection>
      </Stack>
    </Container>
  );
}

/** The node page at /nodes/{path}; /nodes itself lists the roots. */
export function NodePage({ path }: { path: string }) {
  return path ? <NodeDetail key={path} path={path} /> : <CatalogueRoots />;
}
