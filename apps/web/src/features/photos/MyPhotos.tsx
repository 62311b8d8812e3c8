import { Anchor, Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { lengthLimit, PhotoChangeSchema, type PhotoResult } from '@observatory/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LimitedTextInput } from '../../components/LimitedInput';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useMyPerson } from '../../lib/my-person';
import { useListParams } from '../../lib/use-list-params';
import { photosPath, useChangeCaption, useDeletePhoto, usePhotoSearch } from './api';
import { NoPhotos, photoLabel, PhotoResults } from './PhotoGrid';
import { photoApiQuery, photoSearchFrom } from './photo-query';
import { PhotoViewer } from './PhotoViewer';
import { confirmDelete } from '../../components/confirm';
import { errorText } from '../../lib/errors';
import { lengthProblem } from '../../lib/form-rules';

/** The longest caption the API takes. */
const CAPTION_MAX = lengthLimit(PhotoChangeSchema.shape.caption);

/** Edit caption → a text box with Save and Cancel (busy while saving, the refusal shown under it). */
function CaptionEditor({ photo }: { photo: PhotoResult }) {
  const [text, setText] = useState<string | null>(null);
  const change = useChangeCaption();
  if (text === null) {
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => {
          change.reset();
          setText(photo.caption ?? '');
        }}
      >
        Edit caption
      </Button>
    );
  }
  const save = () => {
    // A caption too long stays as typed, its error under it.
    if (!lengthProblem(text, CAPTION_MAX)) change.mutate({ photo, caption: text.trim() || null }, { onSuccess: () => setText(null) });
  };
  return (
    <Stack gap={4}>
      <LimitedTextInput
        label="Caption"
        size="xs"
        value={text}
        limit={CAPTION_MAX}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') setText(null);
        }}
        readOnly={change.isPending}
        data-autofocus
        autoFocus
      />
      <Group gap={4}>
        <Button size="compact-sm" onClick={save} loading={change.isPending}>
          Save
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => setText(null)} disabled={change.isPending}>
          Cancel
        </Button>
      </Group>
      {change.error ? (
        <Text size="xs" c="danger" role="alert">
          The caption was not saved: {errorText(change.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Delete, after a confirmation that stays open (busy) until the photo is gone and the list asked again. */
function DeletePhoto({ photo, onDeleted }: { photo: PhotoResult; onDeleted: () => void }) {
  const remove = useDeletePhoto();
  const askToDelete = () =>
    confirmDelete({
      title: 'Delete this photo?',
      message: <span style={{ overflowWrap: 'anywhere' }}>“{photoLabel(photo)}” and its files are deleted for everyone. This cannot be undone.</span>,
      failureTitle: 'The photo was not deleted',
      onConfirm: () =>
        remove.mutateAsync(photo).then(() => {
          notifications.show({ color: 'green', message: 'The photo was deleted' });
          onDeleted();
        }),
    });
  return (
    <Button variant="subtle" color="danger" size="compact-sm" leftSection={<IconTrash size={14} aria-hidden />} onClick={askToDelete}>
      Delete
    </Button>
  );
}

/** Under an object photo one may change: edit its caption, delete it. A comment's image is changed with its comment. */
function PhotoControls({ photo, onDeleted }: { photo: PhotoResult; onDeleted: () => void }) {
  if (photo.source !== 'object' || !photo.object) return null;
  const mayEdit = photo.permissions.includes('edit');
  const mayDelete = photo.permissions.includes('delete');
  if (!mayEdit && !mayDelete) return null;
  return (
    <Stack gap={4} align="flex-start">
      {mayEdit ? <CaptionEditor photo={photo} /> : null}
      {mayDelete ? <DeletePhoto photo={photo} onDeleted={onDeleted} /> : null}
    </Stack>
  );
}

/**
 * /me/photos: the photos the signed-in user took or added (GET people/{their person}/photos),
 * searched by words, 10 a page; an object photo's caption edited in place, a photo deleted
 * after a confirmation; a comment's image links to its insight. A viewer over the page.
 */
export function MyPhotos() {
  const person = useMyPerson();
  const [params, setParams] = useSearchParams();
  const { searchInput, q, page, setPage } = useListParams(['n']);
  const all = photoSearchFrom(params);
  const state = usePhotoSearch(photosPath(person.data?.slug), photoApiQuery({ q: all.q, p: all.p, n: all.n }), !!person.data);
  const [openId, setOpenId] = useState<string | null>(null);
  const shown = openId ? (state.photos.find((p) => p.id === openId) ?? null) : null;

  const close = () => {
    setOpenId(null);
    requestAnimationFrame(() =>
      (document.querySelector<HTMLElement>(`[data-photo="${CSS.escape(openId ?? '')}"]`) ?? document.querySelector<HTMLElement>('[data-photo]'))?.focus(),
    );
  };
  // The last photo of a page gone: the page before is shown.
  const deleted = () => {
    if (state.photos.length === 1 && page > 1) setPage(page - 1);
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>My Photos</Title>
        {person.data ? (
          <>
            <Group role="search" aria-label="Find my photos">
              <TextInput
                label="Search my photos"
                placeholder="Words of the caption or the object"
                leftSection={<IconSearch size={16} aria-hidden />}
                type="search"
                {...searchInput}
                w={{ base: '100%', sm: 360 }}
              />
            </Group>
            <PhotoResults
              state={state}
              page={page}
              onPage={setPage}
              onOpen={(photo) => setOpenId(photo.id)}
              label="My photos"
              extra={(photo) => <PhotoControls photo={photo} onDeleted={deleted} />}
              empty={
                q ? (
                  <NoPhotos
                    text="No photos match this search."
                    action="Clear the search"
                    onAction={() => setParams(new URLSearchParams(), { replace: true })}
                  />
                ) : (
                  <Text>
                    You have not added any photos yet. Photos are added on an object’s Photos tab: find a site{' '}
                    <Anchor component={PrefetchLink} to={paths.sites} inherit>
                      on the map
                    </Anchor>{' '}
                    or{' '}
                    <Anchor component={PrefetchLink} to={paths.data} inherit>
                      in the catalogue of objects
                    </Anchor>
                    .
                  </Text>
                )
              }
            />
          </>
        ) : (
          <PageState isPending={person.isPending} error={person.error} />
        )}
      </Stack>
      {shown ? <PhotoViewer photo={shown} photos={state.photos} onShow={(photo) => setOpenId(photo.id)} onClose={close} /> : null}
    </Container>
  );
}
