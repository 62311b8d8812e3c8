import { Alert, Anchor, Button, Center, Loader, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { PhotoResult } from '@observatory/shared';
import type { ReactNode } from 'react';
import { Paging } from '../../components/Paging';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useDelayedFlag } from '../../lib/use-delayed';
import { type PhotoSearchState } from './api';
import { errorText } from '../../lib/errors';

/** A day as the grid and the viewer show it: "14 Jul 2025". */
export const day = (iso: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' });

/** When it was taken (its EXIF time), else when it was added. */
export const whenText = (photo: PhotoResult) => (photo.takenAt ? `Taken ${day(photo.takenAt)}` : `Added ${day(photo.createdAt)}`);

const LABEL_LENGTH = 80;

/** What a photo shows, in a few words: its caption (cut short), else what holds it. */
export function photoLabel(photo: PhotoResult): string {
  const caption = photo.caption?.trim();
  if (caption) return caption.length > LABEL_LENGTH ? `${caption.slice(0, LABEL_LENGTH - 1)}…` : caption;
  if (photo.object) return `Photo of ${photo.object.title}`;
  if (photo.insight) return `Image of a comment on ${photo.insight.title}`;
  return 'Photo';
}

/** The object a photo shows (its photos tab) or the insight whose comment holds it. */
export function PhotoSource({ photo, size = 'sm' }: { photo: PhotoResult; size?: 'xs' | 'sm' }) {
  if (photo.object) {
    return (
      <Text size={size} style={{ overflowWrap: 'anywhere' }}>
        <Anchor component={PrefetchLink} to={paths.object(photo.object.name, 'photos')} inherit>
          {photo.object.title}
        </Anchor>
      </Text>
    );
  }
  if (photo.insight) {
    return (
      <Text size={size} style={{ overflowWrap: 'anywhere' }}>
        Image of a comment on{' '}
        <Anchor component={PrefetchLink} to={paths.insight(photo.insight.num)} inherit underline="always">
          {photo.insight.title}
        </Anchor>
      </Text>
    );
  }
  return null;
}

/** Who took it, linked to their page, and when. */
export function PhotoByline({ photo, size = 'xs' }: { photo: PhotoResult; size?: 'xs' | 'sm' }) {
  return (
    <Text size={size} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {photo.author ? (
        <>
          {/* Underlined: beside the date, colour alone would not tell the link apart. */}
          <Anchor component={PrefetchLink} to={paths.person(photo.author.slug)} inherit underline="always">
            {photo.author.name}
          </Anchor>
          {' · '}
        </>
      ) : null}
      {whenText(photo)}
    </Text>
  );
}

/** One thumbnail, a button opening the viewer, with the caption, what holds it, the photographer and the date under it. */
export function PhotoCard({ photo, onOpen, children }: { photo: PhotoResult; onOpen: () => void; children?: ReactNode }) {
  return (
    <Stack gap={4} component="figure" m={0} miw={0}>
      <UnstyledButton
        onClick={onOpen}
        data-photo={photo.id}
        aria-label={`Open ${photoLabel(photo)}`}
        style={{ borderRadius: 4, overflow: 'hidden', aspectRatio: '4 / 3', background: 'var(--mantine-color-gray-1)' }}
      >
        <img src={photo.image.url} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      </UnstyledButton>
      <Text component="figcaption" size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {photo.caption || (
          <Text span c="dimmed" size="sm">
            No caption
          </Text>
        )}
      </Text>
      <PhotoSource photo={photo} size="xs" />
      <PhotoByline photo={photo} />
      {children}
    </Stack>
  );
}

/**
 * A search's results: the error, a spinner (after 200 ms), the empty state, the grid of
 * thumbnails and the pages with the total. `extra` adds controls under a photo.
 */
export function PhotoResults({
  state,
  page,
  onPage,
  onOpen,
  extra,
  empty,
  label,
  showError = true,
}: {
  state: PhotoSearchState;
  page: number;
  onPage: (page: number) => void;
  onOpen: (photo: PhotoResult) => void;
  extra?: (photo: PhotoResult) => ReactNode;
  /** What an answer of no photos shows. */
  empty: ReactNode;
  label: string;
  /** False when the page shows the error itself (at the fields it names). */
  showError?: boolean;
}) {
  const spinner = useDelayedFlag(state.loading);
  const busy = useDelayedFlag(state.busy);
  return (
    <Stack gap="md">
      {state.error && showError ? (
        <Alert color="danger" role="alert" title="The photos could not be loaded">
          {errorText(state.error)}{' '}
          <Anchor component="button" type="button" onClick={state.refresh}>
            Try again
          </Anchor>
        </Alert>
      ) : null}
      {spinner ? (
        <Center p="xl">
          <Loader role="status" aria-label="Loading the photos" />
        </Center>
      ) : null}
      {state.answered && state.photos.length === 0 ? empty : null}
      {state.photos.length > 0 && !state.error ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md" role="list" aria-label={label} aria-busy={busy}>
          {state.photos.map((photo) => (
            <div role="listitem" key={photo.id} style={{ minWidth: 0 }}>
              <PhotoCard photo={photo} onOpen={() => onOpen(photo)}>
                {extra?.(photo)}
              </PhotoCard>
            </div>
          ))}
        </SimpleGrid>
      ) : null}
      {!state.error ? (
        <Paging
          pagination={state.page > 0 ? { page: state.page, count: state.total, limit: state.perPage } : null}
          page={page}
          onChange={onPage}
          noun={['photo', 'photos']}
        />
      ) : null}
    </Stack>
  );
}

/** An empty answer: what the reader can do next. */
export function NoPhotos({ text, action, onAction }: { text: string; action?: string; onAction?: () => void }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text>{text}</Text>
      {action && onAction ? (
        <Button variant="default" onClick={onAction}>
          {action}
        </Button>
      ) : null}
    </Stack>
  );
}
