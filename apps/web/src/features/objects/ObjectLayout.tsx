import { Alert, Anchor, Breadcrumbs, Container, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { onSessionChange } from '../../lib/api-client';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths, type ObjectTab } from '../../config/paths';
import { useForgetDraftWhenGone } from '../../lib/use-draft';
import { useTitle } from '../../lib/use-title';
import { objectLoadErrorText } from '../../lib/errors';
import { objectKeys } from './keys';
import { ObjectPageContext } from './object-context';
import { useObjectChildren, useObjectNotes, useObjectPage, useObjectPhotos } from './object-page';
import { TypeBadges } from './object-bits';
import { PageTabs, TitleWithEdit, VisibilityBadge } from '../../components/detail-page';
import { KeepOffline } from '../../components/KeepOffline';
import { keepObject, objectKeepId, objectScreens } from './keep';
import { useOutgoingFor } from '../../lib/outbox/use-outbox';
import { useCurrentUser } from '../../lib/auth';

const TABS = { overview: 'Overview', notebook: 'Notebook', photos: 'Photos' };
/** Signed in, readings are recorded on a tab of their own. */
const SIGNED_IN_TABS: Record<'overview' | ObjectTab, string> = { ...TABS, readings: 'Readings' };

/** Changes to the object recorded here with no network: saved on this device, not yet on the server (the page shows the server's version). */
function OutgoingChanges({ name }: { name: string }) {
  const edits = useOutgoingFor(name).filter((item) => item.kind === 'object-edit');
  if (edits.length === 0) return null;
  const held = edits.some((item) => item.state !== 'waiting');
  return (
    <Alert color={held ? 'orange' : 'blue'} title={held ? 'Your changes need you' : 'Your changes are waiting to be sent'} role="status">
      {held
        ? 'Your changes recorded offline were not applied yet: '
        : 'Your changes recorded offline are saved on this device and sent when the network returns; this page shows the version before them. '}
      <Anchor component={PrefetchLink} to={paths.myOutbox} inherit>
        See what is waiting
      </Anchor>
    </Alert>
  );
}

/** An object's page: its header, breadcrumbs and tabs (overview, notebook, photos), each its own address. */
export default function ObjectLayout() {
  const { name = '' } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const client = useQueryClient();
  const { object, detail, types, ready } = useObjectPage(name);
  useForgetDraftWhenGone('note', `new:${name}`, object.error);
  const children = useObjectChildren(name, detail, ready);
  // Notes and page 1 of the photos load with the children, whichever tab is open.
  useObjectNotes(name, ready);
  const [photoPage, showPhotoPage] = useState(1);
  useObjectPhotos(name, 1, ready);
  // Another object starts on its first page of photos.
  const [shownName, setShownName] = useState(name);
  if (shownName !== name) {
    setShownName(name);
    showPhotoPage(1);
  }
  // Signing in or out changes what may be seen and done: load the object and its parts again.
  useEffect(
    () =>
      onSessionChange(() => {
        void client.invalidateQueries({ queryKey: objectKeys.detail(name) });
        void client.invalidateQueries({ queryKey: objectKeys.page.all(name) });
      }),
    [client, name],
  );
  const user = useCurrentUser().user;
  useTitle(detail?.obj.title ?? 'Object');
  if (!detail) {
    return <PageState isPending={object.isPending} error={object.error} message={object.error ? objectLoadErrorText(object.error) : undefined} />;
  }
  const { obj, permissions } = detail;
  const tab = pathname.split('/')[3] || 'overview';
  // A visitor sees the Readings tab only at its address (where it asks them to sign in).
  const tabs = user || tab === 'readings' ? SIGNED_IN_TABS : TABS;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Breadcrumbs separator="›" component="nav" aria-label="Breadcrumbs">
            <Anchor component={PrefetchLink} to={paths.data} size="sm" end>
              Data
            </Anchor>
            {obj.parent ? (
              <Anchor component={PrefetchLink} to={paths.object(obj.parent.name)} size="sm">
                {obj.parent.title}
              </Anchor>
            ) : null}
            <Text size="sm" aria-current="page">
              {obj.title}
            </Text>
          </Breadcrumbs>
          <TitleWithEdit title={obj.title} editTo={permissions.includes('edit') ? paths.objectEdit(obj.name) : null} />
          <Group gap="sm">
            <TypeBadges types={obj.types} />
            <VisibilityBadge visibility={obj.visibility} />
            <Text size="sm" c="dimmed">
              {obj.name}
            </Text>
          </Group>
          <KeepOffline keepId={objectKeepId(obj.id)} title={obj.title} keep={(username) => keepObject(username, obj)} screens={objectScreens(obj.name)} />
          <OutgoingChanges name={obj.name} />
        </Stack>
        <PageTabs
          tabs={tabs}
          value={Object.hasOwn(tabs, tab) ? tab : 'overview'}
          onChange={(next) => void navigate(paths.object(obj.name, next === 'overview' ? undefined : (next as ObjectTab)))}
        />
        <ObjectPageContext.Provider value={{ name, detail, types, ready, children, photoPage, showPhotoPage }}>
          <Outlet />
        </ObjectPageContext.Provider>
      </Stack>
    </Container>
  );
}
