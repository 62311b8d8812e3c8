import { Anchor, Badge, Breadcrumbs, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { HELP_PAGE_PATH, PRIVACY_PAGE_PATH, type PageDetail } from '@observatory/shared';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '../../../../components/ErrorScreen';
import { FormError } from '../../../../components/FormError';
import { PageState } from '../../../../components/PageState';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { RevisionHistory } from '../../../../components/RevisionHistory';
import { paths } from '../../../../config/paths';
import { pageRevisionQuery, useDeletePage, usePageAt, usePageRevisions, useRestorePageRevision } from '../../../../features/pages/api';
import { useForgetDraftWhenGone } from '../../../../lib/use-draft';
import { useTitle } from '../../../../lib/use-title';
import { MovePageForm } from './MovePageForm';
import { PageEditForm } from './PageEditForm';
import { confirmDelete } from '../../../../components/confirm';
import { PageSection } from '../../../../components/PageSection';

/** What a page of a fixed path is for, said on its editor. */
const ROLE_OF: Record<string, string> = {
  [HELP_PAGE_PATH]: 'This is the Help/Docs page the user menu links to.',
  [PRIVACY_PAGE_PATH]:
    'This is the privacy statement at /privacy. There, what this site’s configuration adds follows it: the hosts a map style loads from, and the contact link.',
};

/** What is lost when a page of a fixed path is deleted or moved away: said in both dialogs. */
const LOSS_OF: Record<string, string> = {
  [HELP_PAGE_PATH]: 'Help/Docs in the user menu will lead to Not Found until a page is at /doc/index again.',
  [PRIVACY_PAGE_PATH]: '/privacy will show the built-in privacy statement instead until a page is at /doc/privacy again.',
};

function History({ id }: { id: string }) {
  return <RevisionHistory revisions={usePageRevisions(id)} restore={useRestorePageRevision(id)} versionQuery={(rid) => pageRevisionQuery(id, rid)} />;
}

/** Move and Delete: each asks first; the server's refusal (pages below, a taken path) is shown. */
function Actions({ detail }: { detail: PageDetail }) {
  const { page } = detail;
  const navigate = useNavigate();
  const [moving, move] = useDisclosure(false);
  const remove = useDeletePage(page.id, page.path);
  const askToDelete = () =>
    confirmDelete({
      title: `Delete “${page.title}”?`,
      message: [
        `The page at /doc/${page.path} and the history of its text are deleted. This cannot be undone.`,
        ...(LOSS_OF[page.path] ? [<strong key="loss">{LOSS_OF[page.path]}</strong>] : []),
      ],
      confirmLabel: 'Delete page',
      onConfirm: () =>
        remove.mutate(page.version, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `${page.title} was deleted` });
            void navigate(paths.adminPages);
          },
        }),
    });
  return (
    <>
      <FormError error={remove.error} />
      <Group>
        <Button variant="default" onClick={move.open}>
          Move
        </Button>
        <Button variant="outline" color="danger" onClick={askToDelete} loading={remove.isPending}>
          Delete
        </Button>
      </Group>
      <Modal opened={moving} onClose={move.close} title={`Move “${page.title}”`}>
        <MovePageForm page={page} warning={LOSS_OF[page.path]} onDone={move.close} />
      </Modal>
    </>
  );
}

/** Site Admin → Pages → a page (/admin/pages/{path}): its fields and text, moving or deleting it, and its text's history. */
export default function PageAdminPage() {
  const { '*': splat = '' } = useParams();
  const path = splat.replace(/\/+$/, '');
  const detail = usePageAt(path);
  useTitle(`${detail.data?.page.title ?? path} · Pages · Site Admin`);
  useForgetDraftWhenGone('page', path, detail.error);
  if (!path || path !== splat) return <Navigate replace to={path ? paths.adminPage(path) : paths.adminPages} />;
  if (!detail.data) return <PageState isPending={detail.isPending} error={detail.error} />;
  if (!detail.data.permissions.includes('edit')) return <ErrorScreen error={{ status: 403, heading: 'Access Denied', message: '', code: null }} />;
  const { page } = detail.data;
  const role = ROLE_OF[page.path];
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Breadcrumbs component="nav" aria-label="Breadcrumb" style={{ flexWrap: 'wrap' }}>
          <Anchor component={PrefetchLink} to={paths.adminPages} size="sm" end>
            Pages
          </Anchor>
          {detail.data.ancestors.map((a) => (
            <Anchor key={a.path} component={PrefetchLink} to={paths.adminPage(a.path)} size="sm">
              {a.title}
            </Anchor>
          ))}
        </Breadcrumbs>
        <Group gap="sm">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {page.title}
          </Title>
          {page.draft ? (
            <Badge color="gray" variant="light">
              Draft
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          /doc/{page.path}
          {role ? ` · ${role}` : ''}
        </Text>
      </Stack>
      {/* The form follows the page's versions itself (a restored text, a save): keyed by the page, a refetch keeps what is typed. */}
      <PageEditForm key={page.id} detail={detail.data} />
      <PageSection id="admin-page-actions" title="Move or delete">
        <Actions detail={detail.data} />
      </PageSection>
      <PageSection id="admin-page-history" title="History">
        <History id={page.id} />
      </PageSection>
    </Stack>
  );
}
