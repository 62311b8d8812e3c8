import { ActionIcon, Anchor, Badge, Button, Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../../components/FormError';
import { PageState } from '../../../../components/PageState';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { AdminTable } from '../../../../components/admin/AdminTable';
import { paths } from '../../../../config/paths';
import { useReorderPage, usePages } from '../../../../features/pages/api';
import { buildPageTree, flattenTree } from '../../../../features/pages/tree';
import { useTitle } from '../../../../lib/use-title';
import { NewPageForm } from './NewPageForm';

/** How far each level of the tree is indented, in pixels. */
const INDENT = 20;

/** The new page's parent while its dialog is open: null at the top, undefined while closed. */
type Creating = string | null | undefined;

/** Site Admin → Pages: every documentation page, drafts too, as the tree readers navigate; a new page, or one to edit. */
export default function PagesAdminPage() {
  useTitle('Pages · Site Admin');
  const pages = usePages(true);
  const rows = useMemo(() => flattenTree(buildPageTree(pages.data ?? [])), [pages.data]);
  const [creating, setCreating] = useState<Creating>(undefined);
  const reorder = useReorderPage();
  if (!pages.data) return <PageState isPending={pages.isPending} error={pages.error} />;
  const parentTitle = creating ? pages.data.find((p) => p.path === creating)?.title : undefined;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Pages</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(null)}>
          New page
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        The documentation at{' '}
        <Anchor component={Link} to={paths.docs}>
          /doc
        </Anchor>
        : each page below the one its path starts with, in the order readers see (the arrows move a page among those beside it). Drafts, and the pages below
        them, are seen only by page managers.
      </Text>
      {rows.length === 0 ? <Text>There are no pages yet.</Text> : null}
      <FormError error={reorder.error} />
      {rows.length > 0 ? (
        <AdminTable
          label="Pages"
          minWidth={560}
          rows={rows}
          rowKey={(row) => row.node.page.id}
          columns={[
            {
              header: 'Title',
              style: ({ depth }) => ({ paddingLeft: `calc(var(--mantine-spacing-xs) + ${depth * INDENT}px)` }),
              cell: ({ node: { page } }) => (
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={PrefetchLink} to={paths.adminPage(page.path)} fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {page.title}
                  </Anchor>
                  {page.draft ? (
                    <Badge color="gray" variant="light" size="sm">
                      Draft
                    </Badge>
                  ) : null}
                </Group>
              ),
            },
            { header: 'Path', style: { overflowWrap: 'anywhere' }, cell: ({ node: { page } }) => <Code>{page.path}</Code> },
          ]}
          actions={({ node: { page }, index, siblings }) => (
            <>
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${page.title} up`}
                title="Up among the pages beside it"
                disabled={index === 0 || reorder.isPending}
                onClick={() => reorder.mutate({ page, position: index - 1 })}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${page.title} down`}
                title="Down among the pages beside it"
                disabled={index === siblings - 1 || reorder.isPending}
                onClick={() => reorder.mutate({ page, position: index + 1 })}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
              <Button component={Link} to={paths.docPage(page.path)} size="xs" variant="subtle" aria-label={`View ${page.title}`}>
                View
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setCreating(page.path)} aria-label={`Add a page below ${page.title}`}>
                Add below
              </Button>
            </>
          )}
        />
      ) : null}
      <Modal opened={creating !== undefined} onClose={() => setCreating(undefined)} title={parentTitle ? `New page below ${parentTitle}` : 'New page'}>
        {creating !== undefined ? <NewPageForm pages={pages.data} parent={creating} onDone={() => setCreating(undefined)} /> : null}
      </Modal>
    </Stack>
  );
}
