import { Anchor, Badge, Box, Breadcrumbs, Button, Container, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconList } from '@tabler/icons-react';
import type { PageDetail } from '@observatory/shared';
import { useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { EditPageButton } from '../../components/EditPageButton';
import { FormError } from '../../components/FormError';
import { PageState } from '../../components/PageState';
import { RichText } from '../../components/RichText';
import { paths } from '../../config/paths';
import { useTitle } from '../../lib/use-title';
import { usePageAt, usePages } from './api';
import { PageSearch } from './PageSearch';
import { PageTree } from './PageTree';
import { buildPageTree } from './tree';
import classes from './pages.module.css';

const day = (iso: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'long' });

/** The search and the tree of published pages: beside the page, or in the phone's drawer. */
function Navigation({ current, onNavigate }: { current: string; onNavigate?: () => void }) {
  const pages = usePages();
  const tree = useMemo(() => buildPageTree(pages.data ?? [], { drafts: false }), [pages.data]);
  return (
    <Stack component="nav" aria-label="Documentation" gap="sm">
      <PageSearch onOpen={onNavigate} />
      {pages.data ? <PageTree nodes={tree} current={current} onNavigate={onNavigate} /> : null}
      {pages.isPending ? <Loader size="sm" aria-label="Loading the contents" /> : null}
      {pages.error ? <FormError error={pages.error} /> : null}
    </Stack>
  );
}

function Article({ detail }: { detail: PageDetail }) {
  const { page, doc, ancestors } = detail;
  return (
    <Stack gap="md" component="article" aria-labelledby="doc-title">
      {ancestors.length ? (
        <Breadcrumbs component="nav" aria-label="Breadcrumb" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
          {ancestors.map((a) => (
            <Anchor key={a.path} component={Link} to={paths.docPage(a.path)} size="sm">
              {a.title}
            </Anchor>
          ))}
        </Breadcrumbs>
      ) : null}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="center" style={{ minWidth: 0 }}>
          <Title order={1} id="doc-title" style={{ overflowWrap: 'anywhere' }}>
            {page.title}
          </Title>
          {page.draft ? (
            <Badge color="gray" variant="light">
              Draft
            </Badge>
          ) : null}
        </Group>
        <EditPageButton detail={detail} />
      </Group>
      {doc?.content?.length ? <RichText doc={doc} /> : <Text c="dimmed">This page has no text yet.</Text>}
      <Text size="sm" c="dimmed">
        Last updated <time dateTime={page.updatedAt}>{day(page.updatedAt)}</time>
      </Text>
    </Stack>
  );
}

/** A documentation page beside the navigation (a "Contents" drawer on a phone). */
function DocScreen({ path }: { path: string }) {
  const page = usePageAt(path);
  const [drawer, { open, close }] = useDisclosure(false);
  useTitle(page.data?.page.title ?? 'Documentation', !page.error);
  if (page.error) return <PageState isPending={false} error={page.error} />;
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box className={classes.sidebar} visibleFrom="sm">
          <Navigation current={path} />
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }} maw={860}>
          <Button hiddenFrom="sm" variant="default" size="xs" mb="md" leftSection={<IconList size={16} aria-hidden />} onClick={open} aria-haspopup="dialog">
            Contents
          </Button>
          {page.data ? <Article detail={page.data} /> : <PageState isPending={page.isPending} error={null} />}
        </Box>
      </Group>
      <Drawer opened={drawer} onClose={close} title="Contents" hiddenFrom="sm" size="xs">
        <Navigation current={path} onNavigate={close} />
      </Drawer>
    </Container>
  );
}

/**
 * /doc/{path}: a documentation page. /doc and /doc/ are the help page (/doc/index); a
 * trailing slash is dropped. The API reference's own routes (/doc/api…) are matched first.
 */
export default function DocPage() {
  const { '*': splat = '' } = useParams();
  const path = splat.replace(/\/+$/, '');
  if (!path) return <Navigate replace to={paths.docs} />;
  if (path !== splat) return <Navigate replace to={paths.docPage(path)} />;
  return <DocScreen path={path} />;
}
