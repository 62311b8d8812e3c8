import { Alert, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { PhotoResult } from '@observatory/shared';
import { PhotoByline, photoLabel, PhotoSource } from './PhotoGrid';
import { errorText } from '../../lib/errors';
import { PreviousNext } from '../../components/PreviousNext';

/** The largest version served: the lightbox one when there is one, else the 400 px one. */
const largestUrl = (image: PhotoResult['image']) => image.largeUrl ?? image.url;
const position = ([lon, lat]: number[]) => `${lat!.toFixed(5)}, ${lon!.toFixed(5)}`;

export interface PhotoViewerProps {
  /** The photo shown; null while it loads (or when it could not be had: `error`). */
  photo: PhotoResult | null;
  /** The page's photos, for previous and next: the photo shown is one of them, or stands alone. */
  photos: PhotoResult[];
  /** Show another photo of the page. */
  onShow: (photo: PhotoResult) => void;
  onClose: () => void;
  error?: unknown;
}

/**
 * One photo large, with its caption, date, photographer and what holds it (the object's
 * photos, or the insight whose comment it is); previous and next within the page by
 * buttons or the arrow keys; Escape closes.
 */
export function PhotoViewer({ photo, photos, onShow, onClose, error }: PhotoViewerProps) {
  const index = photo ? photos.findIndex((p) => p.id === photo.id) : -1;
  const go = (next: number) => {
    const target = index >= 0 ? photos[next] : undefined;
    if (target) onShow(target);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('textarea, input, select')) return;
    if (e.key === 'ArrowLeft') go(index - 1);
    if (e.key === 'ArrowRight') go(index + 1);
  };
  const title = index >= 0 ? `Photo ${index + 1} of ${photos.length}` : 'Photo';
  return (
    <Modal opened onClose={onClose} size="xl" returnFocus={false} closeButtonProps={{ 'aria-label': 'Close the photo' }} title={title} onKeyDown={onKeyDown}>
      {photo ? (
        <Stack gap="sm">
          <img
            src={largestUrl(photo.image)}
            alt={photoLabel(photo)}
            style={{ maxWidth: '100%', maxHeight: '65vh', objectFit: 'contain', display: 'block', margin: '0 auto' }}
          />
          <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {photo.caption || (
              <Text span c="dimmed">
                No caption
              </Text>
            )}
          </Text>
          <PhotoSource photo={photo} />
          <Group gap="lg">
            <PhotoByline photo={photo} size="sm" />
            {photo.geo ? (
              <Text size="sm" c="dimmed">
                Position {position(photo.geo.coordinates)}
              </Text>
            ) : null}
          </Group>
          {index >= 0 && photos.length > 1 ? <PreviousNext index={index} count={photos.length} go={go} /> : null}
        </Stack>
      ) : error ? (
        <Alert color="danger" role="alert" title="The photo could not be shown">
          {errorText(error)}
        </Alert>
      ) : (
        <Center p="xl">
          <Loader role="status" aria-label="Loading the photo" />
        </Center>
      )}
    </Modal>
  );
}
