import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Photo } from '@observatory/shared';
import { useState } from 'react';
import { toErrorView } from '../../lib/errors';
import { useSaveObject } from './edit/api';
import { useObjectPageValue } from './object-context';
import { usePhotoActions, usePhotoState } from './object-page';
import { dateTime, latLon } from './object-bits';
import { confirmAction, confirmDelete } from '../../components/confirm';
import { PreviousNext } from '../../components/PreviousNext';
import { LimitedTextarea } from '../../components/LimitedInput';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { CAPTION_MAX, useCaptionEdit } from './photo-caption';

/** The caption being changed, on the photo as the page lists it now; `onClose` once saved or cancelled. */
function CaptionForm({ photo, busy, onClose }: { photo: Photo; busy: boolean; onClose: () => void }) {
  const caption = useCaptionEdit(photo, onClose);
  useUnsavedChanges(caption.changed, 'the caption');
  return (
    <Stack gap="xs">
      <LimitedTextarea label="Caption" autosize limit={CAPTION_MAX} {...caption.form.getInputProps('caption')} data-autofocus />
      <Group gap="xs">
        <Button size="xs" onClick={() => caption.save()} loading={busy}>
          Save caption
        </Button>
        <Button size="xs" variant="default" onClick={onClose}>
          Cancel
        </Button>
      </Group>
      {caption.dialog}
    </Stack>
  );
}

/** The largest served version: a larger variant when the server offers one, else the 400 px one. */
const largestUrl = (image: { url: string; largeUrl?: string | null }) => image.largeUrl ?? image.url;

/** One photo large, with its caption, date and location; previous and next by buttons or arrow keys; Escape closes. */
export default function PhotoViewer({
  items,
  index,
  onIndex,
  onClose,
}: {
  items: Photo[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { name, detail, photoPage, showPhotoPage } = useObjectPageValue();
  const photo = items[index]!;
  const [captioning, setCaptioning] = useState(false);
  const actions = usePhotoActions(name, photo.id, { page: photoPage, count: items.length }, showPhotoPage);
  const { busy, error } = usePhotoState(photo.id);
  // Saved like the editor saves, so the catalogue and the maps learn of the new place too.
  const relocate = useSaveObject(detail.obj.name);
  const go = (next: number) => {
    if (next < 0 || next >= items.length) return;
    setCaptioning(false);
    relocate.reset();
    onIndex(next);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('textarea, input')) return;
    if (e.key === 'ArrowLeft') go(index - 1);
    if (e.key === 'ArrowRight') go(index + 1);
  };
  const askToDelete = () =>
    confirmDelete({
      title: 'Delete this photo?',
      message: 'The photo and its files are deleted for everyone. This cannot be undone.',
      onConfirm: () =>
        actions.remove.mutate(photo.version, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: 'The photo was deleted' });
            onClose();
          },
        }),
    });
  const useAsLocation = () =>
    confirmAction({
      title: 'Use this photo’s position as the object’s location?',
      message: detail.obj.geo
        ? `The object’s current geometry is replaced by the point ${latLon(photo.geo!.coordinates)}.`
        : `The object is placed at ${latLon(photo.geo!.coordinates)}.`,
      confirmLabel: 'Use this position',
      onConfirm: () =>
        relocate.mutate(
          // Based on the object as shown: changed meanwhile, it is refused (412) and asked again.
          { input: { geo: { type: 'Point', coordinates: photo.geo!.coordinates.slice(0, 2) } }, conditional: { version: detail.obj.version } },
          {
            // The saved object replaces the one shown (useSaveObject writes it to the cache).
            onSuccess: () => {
              notifications.show({ color: 'green', message: 'The object’s location was changed' });
            },
          },
        ),
    });
  const mayEdit = photo.permissions.includes('edit');
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      returnFocus={false}
      closeButtonProps={{ 'aria-label': 'Close the photo' }}
      title={`Photo ${index + 1} of ${items.length}`}
      onKeyDown={onKeyDown}
    >
      <Stack gap="sm" aria-busy={busy}>
        <img
          src={largestUrl(photo.image)}
          alt={photo.caption ?? `Photo ${index + 1}`}
          style={{ maxWidth: '100%', maxHeight: '65vh', objectFit: 'contain', display: 'block', margin: '0 auto' }}
        />
        {!captioning ? (
          <Text>
            {photo.caption || (
              <Text span c="dimmed">
                No caption
              </Text>
            )}
          </Text>
        ) : (
          <CaptionForm key={photo.id} photo={photo} busy={busy} onClose={() => setCaptioning(false)} />
        )}
        <Group gap="lg">
          <Text size="sm" c="dimmed">
            {photo.takenAt ? `Taken ${dateTime(photo.takenAt)}` : `Uploaded ${dateTime(photo.createdAt)}`}
            {photo.author ? ` · ${photo.author.name}` : ''}
          </Text>
          {photo.geo ? (
            <Text size="sm" c="dimmed">
              Position {latLon(photo.geo.coordinates)}
            </Text>
          ) : null}
        </Group>
        {error ? (
          <Alert color="danger" role="alert">
            {error}
          </Alert>
        ) : null}
        {relocate.error ? (
          <Alert color="danger" role="alert" title="The location was not changed">
            {toErrorView(relocate.error).message}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <PreviousNext index={index} count={items.length} go={go} />
          <Group gap="xs">
            {photo.geo && detail.permissions.includes('edit') ? (
              <Button variant="subtle" onClick={useAsLocation} loading={relocate.isPending}>
                Use as the object’s location
              </Button>
            ) : null}
            {mayEdit && !captioning ? (
              <Button variant="subtle" onClick={() => setCaptioning(true)}>
                Edit caption
              </Button>
            ) : null}
            {photo.permissions.includes('delete') ? (
              <Button variant="subtle" color="danger" onClick={askToDelete} loading={busy}>
                Delete
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
