import { useMediaQuery } from '@mantine/hooks';
import { Alert, Anchor, Button, FileButton, Group, Progress, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Photo } from '@observatory/shared';
import { lazy, Suspense, useState } from 'react';
import { LimitedTextarea } from '../../components/LimitedInput';
import { Paging } from '../../components/Paging';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/auth';
import { useObjectPageValue } from './object-context';
import { useObjectPhotos, usePhotoState, useUploadPhoto } from './object-page';
import { useOutgoingFor } from '../../lib/outbox/use-outbox';
import { OutgoingPhoto } from '../../components/OutgoingPhoto';
import { CAPTION_MAX, useCaptionEdit } from './photo-caption';
import { dateTime, latLon } from './object-bits';
import { errorText } from '../../lib/errors';
import { KeptImg } from '../../components/KeptImg';

const PhotoViewer = lazy(() => import('./PhotoViewer'));
const ACCEPTED = 'image/jpeg,image/png,image/webp';

/** What a photo shows, for its thumbnail's text alternative. */
export const photoLabel = (photo: Photo, index: number) => photo.caption || `Photo ${index + 1}${photo.takenAt ? `, taken ${dateTime(photo.takenAt)}` : ''}`;

/** A photo just uploaded asks for its caption at once, on its own card: Save, or Skip to leave it without. */
function NewPhotoCaption({ photo, onDone }: { photo: Photo; onDone: () => void }) {
  const caption = useCaptionEdit(photo, onDone);
  return (
    <Stack
      gap={4}
      component="form"
      aria-label="Caption of the new photo"
      onSubmit={(e) => {
        e.preventDefault();
        caption.save();
      }}
    >
      <LimitedTextarea
        label="Caption of the new photo"
        size="xs"
        autosize
        minRows={2}
        limit={CAPTION_MAX}
        {...caption.form.getInputProps('caption')}
        // The upload's next step: where the keyboard goes once the photo is in.
        autoFocus
      />
      <Group gap={4}>
        <Button type="submit" size="compact-xs" loading={caption.busy}>
          Save caption
        </Button>
        <Button variant="subtle" size="compact-xs" onClick={onDone}>
          Skip
        </Button>
      </Group>
      {caption.dialog}
    </Stack>
  );
}

function Thumbnail({
  photo,
  index,
  onOpen,
  askCaption,
  onCaptioned,
  mayEditObject,
}: {
  photo: Photo;
  index: number;
  onOpen: () => void;
  askCaption: boolean;
  onCaptioned: () => void;
  mayEditObject: boolean;
}) {
  const { busy, error } = usePhotoState(photo.id);
  return (
    <Stack gap={4} component="figure" m={0} aria-busy={busy}>
      <UnstyledButton
        onClick={onOpen}
        data-photo={photo.id}
        aria-label={`Open ${photoLabel(photo, index)}`}
        style={{ borderRadius: 4, overflow: 'hidden', aspectRatio: '4 / 3', background: 'var(--mantine-color-gray-1)' }}
      >
        <KeptImg image={photo.image} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      </UnstyledButton>
      <Text component="figcaption" size="sm" lineClamp={2}>
        {photo.caption || (
          <Text span c="dimmed" size="sm">
            No caption
          </Text>
        )}
      </Text>
      {photo.takenAt ? (
        <Text size="xs" c="dimmed">
          Taken {dateTime(photo.takenAt)}
        </Text>
      ) : null}
      {/* Where it was taken: the server tells the object's editors only. */}
      {photo.geo && mayEditObject ? (
        <Text size="xs" c="dimmed">
          Position {latLon(photo.geo.coordinates)}
        </Text>
      ) : null}
      {/* Asked until saved or skipped: a caption written meanwhile by someone else is the conflict dialog's to show. */}
      {askCaption && photo.permissions.includes('edit') ? <NewPhotoCaption photo={photo} onDone={onCaptioned} /> : null}
      {error ? (
        <Text size="xs" c="danger" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

function Upload({ onUploaded }: { onUploaded: (photo: Photo) => void }) {
  const { name, detail, showPhotoPage } = useObjectPageValue();
  const [progress, setProgress] = useState(0);
  const [queued, setQueued] = useState(false);
  const upload = useUploadPhoto(name, setProgress, showPhotoPage, detail.obj.title);
  // A touch screen is most likely a phone or tablet with a camera: offered straight away.
  const camera = useMediaQuery('(pointer: coarse)');
  const send = (file: File | null) => {
    if (!file) return;
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (recorded) => {
        setQueued('queued' in recorded);
        if ('sent' in recorded) onUploaded(recorded.sent);
      },
    });
  };
  return (
    <Stack gap="xs">
      <Group>
        <FileButton accept={ACCEPTED} onChange={send}>
          {(props) => (
            <Button {...props} loading={upload.isPending}>
              Upload a photo
            </Button>
          )}
        </FileButton>
        {camera ? (
          <FileButton accept={ACCEPTED} capture="environment" onChange={send}>
            {(props) => (
              <Button {...props} variant="light" disabled={upload.isPending}>
                Take a photo
              </Button>
            )}
          </FileButton>
        ) : null}
        <Text size="xs" c="dimmed">
          JPEG, PNG or WebP. Its capture time and GPS position are read (else this device’s, where you allowed it); the versions shown carry no camera data.
        </Text>
      </Group>
      {upload.isPending ? <Progress value={progress * 100} aria-label="Upload progress" size="sm" /> : null}
      {queued ? (
        <Text size="sm" role="status">
          Saved on this device: the photo is sent when the network returns.
        </Text>
      ) : null}
      {upload.error ? (
        <Alert color="danger" role="alert" title="The photo was not uploaded">
          {errorText(upload.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Photos taken here with no network, waiting to be sent (lib/outbox): shown first, marked so. */
function OutgoingPhotos({ name }: { name: string }) {
  const photos = useOutgoingFor(name).filter((item) => item.kind === 'photo');
  if (photos.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Photos waiting to be sent">
      <Text size="sm" fw={600}>
        Waiting to be sent{' '}
        <Anchor component={PrefetchLink} to={paths.myOutbox} size="sm" fw={400}>
          (what is waiting)
        </Anchor>
      </Text>
      {photos.map((item) => (
        <OutgoingPhoto key={item.id} item={item} />
      ))}
    </Stack>
  );
}

/** The object's photos: a grid of thumbnails 50 a page, upload, and a viewer with captions, dates and locations. */
export default function ObjectPhotos() {
  const { name, detail, ready, photoPage, showPhotoPage } = useObjectPageValue();
  const user = useCurrentUser();
  const photos = useObjectPhotos(name, photoPage, ready);
  const [open, setOpen] = useState<number | null>(null);
  /** The photo just uploaded, whose card asks for its caption. */
  const [uploaded, setUploaded] = useState<string | null>(null);
  const mayUpload = !!user.user && detail.permissions.includes('upload');
  /** Closes the viewer and gives focus to the thumbnail of the photo last shown (the first one when it was deleted). */
  const close = () => {
    const shown = open === null ? null : photos.items[open]?.id;
    setOpen(null);
    requestAnimationFrame(() =>
      (document.querySelector<HTMLElement>(`[data-photo="${shown}"]`) ?? document.querySelector<HTMLElement>('[data-photo]'))?.focus(),
    );
  };
  return (
    <Stack gap="lg" component="section" aria-labelledby="photos-heading">
      <Title order={2} size="h3" id="photos-heading">
        Photos
      </Title>
      {mayUpload ? <Upload onUploaded={(photo) => setUploaded(photo.id)} /> : null}
      <OutgoingPhotos name={name} />
      {!user.user && !user.isLoading ? (
        <Text size="sm" c="dimmed">
          Members of the object’s projects can{' '}
          <Anchor component={PrefetchLink} to={paths.login} inherit>
            sign in
          </Anchor>{' '}
          to upload photos.
        </Text>
      ) : null}
      {photos.error ? (
        <Alert color="danger" role="alert" title="The photos could not be loaded">
          {photos.error}{' '}
          <Button variant="subtle" size="compact-sm" onClick={photos.reload}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {photos.page > 0 && photos.items.length === 0 && !photos.busy ? <Text c="dimmed">No photos yet.{mayUpload ? ' Upload the first one.' : ''}</Text> : null}
      {photos.page === 0 && photos.busy ? <Text c="dimmed">Loading the photos…</Text> : null}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md" aria-busy={photos.busy}>
        {photos.items.map((p, i) => (
          <Thumbnail
            key={p.id}
            photo={p}
            index={i}
            onOpen={() => setOpen(i)}
            askCaption={p.id === uploaded}
            onCaptioned={() => setUploaded(null)}
            mayEditObject={detail.permissions.includes('edit')}
          />
        ))}
      </SimpleGrid>
      <Paging
        pagination={photos.page > 0 ? { page: photos.page, count: photos.total, limit: photos.perPage } : null}
        page={photos.page || 1}
        onChange={showPhotoPage}
        noun={['photo', 'photos']}
      />
      {open !== null && photos.items[open] ? (
        <Suspense fallback={null}>
          <PhotoViewer items={photos.items} index={open} onIndex={setOpen} onClose={close} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
