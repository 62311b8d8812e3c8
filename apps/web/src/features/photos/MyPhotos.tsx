import { Anchor, Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { lengthLimit, PhotoChangeSchema, type Photo, type PhotoResult } from '@observatory/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LimitedTextInput } from '../../components/LimitedInput';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useMyPerson } from '../../lib/my-person';
import { useListParams } from '../../lib/use-list-params';
import { photosPath, useChangeCaption, useDeletePhoto, useListedPhoto, usePhotoSearch } from './api';
import { NoPhotos, photoLabel, PhotoResults } from './PhotoGrid';
import { photoApiQuery, photoSearchFrom } from './photo-query';
import { PhotoViewer } from './PhotoViewer';
import { confirmDelete } from '../../components/confirm';
import { errorText } from '../../lib/errors';
import { lengthProblem } from '../../lib/form-rules';
import { conflictOf, useVersionedEdit } from '../../lib/versions';
import { ConflictDialog, type ComparedField } from '../../components/ConflictDialog';

/** The longest caption the API takes. */
const CAPTION_MAX = lengthLimit(PhotoChangeSchema.shape.caption);

interface CaptionValues {
  caption: string;
}

/** What the conflict dialog compares of a photo: its caption, side by side. */
const CAPTION_FIELDS: ComparedField<CaptionValues>[] = [{ key: 'caption', label: 'Caption', document: true, show: (v) => String(v ?? '') }];

/**
 * The caption's text box with Save and Cancel (busy while saving, the refusal shown under
 * it), `listed` the photo as its object lists it now: the save is based on its version; a
 * save refused as changed meanwhile opens the conflict dialog.
 */
function CaptionForm({ photo, listed, onClose }: { photo: PhotoResult; listed: Photo; onClose: () => void }) {
  const change = useChangeCaption();
  const form = useForm<CaptionValues>({ initialValues: { caption: listed.caption ?? '' } });
  const stored = { version: listed.version, values: { caption: listed.caption ?? '' } };
  const edit = useVersionedEdit(form, stored);
  const save = (values = form.values, conditional = edit.conditional) => {
    // A caption too long stays as typed, its error under it.
    if (lengthProblem(values.caption, CAPTION_MAX)) return;
    change.mutate({ photo, caption: values.caption.trim() || null, conditional }, { onSuccess: onClose, onError: (e) => void edit.refused(e, values) });
  };
  return (
    <Stack gap={4}>
      <LimitedTextInput
        label="Caption"
        size="xs"
        limit={CAPTION_MAX}
        {...form.getInputProps('caption')}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') onClose();
        }}
        readOnly={change.isPending}
        data-autofocus
        autoFocus
      />
      <Group gap={4}>
        <Button size="compact-sm" onClick={() => save()} loading={change.isPending}>
          Save
        </Button>
        <Button size="compact-sm" variant="default" onClick={onClose} disabled={change.isPending}>
          Cancel
        </Button>
      </Group>
      {change.error && !conflictOf(change.error) ? (
        <Text size="xs" c="danger" role="alert">
          The caption was not saved: {errorText(change.error)}
        </Text>
      ) : null}
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={CAPTION_FIELDS}
        what="the photo"
        overwriting={change.isPending}
        onOverwrite={({ values, conditional }) => save(values, conditional)}
      />
    </Stack>
  );
}

/**
 * Edit caption → the caption as the photo's object lists it (the search's answer has no
 * version to base the edit on), then its text box.
 */
function CaptionEditor({ photo }: { photo: PhotoResult }) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <Button variant="subtle" size="compact-sm" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing(true)}>
        Edit caption
      </Button>
    );
  }
  return <ListedCaption photo={photo} onClose={() => setEditing(false)} />;
}

function ListedCaption({ photo, onClose }: { photo: PhotoResult; onClose: () => void }) {
  const listed = useListedPhoto(photo);
  if (listed.data) return <CaptionForm photo={photo} listed={listed.data} onClose={onClose} />;
  return (
    <Stack gap={4}>
      {listed.error ? (
        <Text size="xs" c="danger" role="alert">
          The caption cannot be edited now: {errorText(listed.error)}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" role="status">
          Loading the caption…
        </Text>
      )}
      <Button size="compact-sm" variant="default" onClick={onClose} w="fit-content">
        Cancel
      </Button>
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
