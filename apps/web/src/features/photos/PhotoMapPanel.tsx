import type { PhotoResult } from '@observatory/shared';
import { lazy, useRef } from 'react';
import { MapBoxPanel } from '../../components/map/MapBoxPanel';
import type { Bbox } from '../../lib/bbox';
import { formatBbox } from './photo-query';
import type { PhotoMapHandle } from './PhotoMapCanvas';

const PhotoMapCanvas = lazy(() => import('./PhotoMapCanvas'));

const HEIGHT = { base: 280, sm: 380 };

/**
 * The map box of the photo search: "Draw a box" (then a drag on the map draws it), "Search
 * this map view" (the map's bounds become the box: the keyboard's way), "Clear the box";
 * the map itself below, with the photos found that have a position.
 */
export function PhotoMapPanel({
  photos,
  bbox,
  onBbox,
  onOpen,
}: {
  photos: PhotoResult[];
  bbox: string | null;
  onBbox: (bbox: string | null) => void;
  onOpen: (id: string) => void;
}) {
  const map = useRef<PhotoMapHandle>(null);
  const set = (box: Bbox | null | undefined) => {
    if (box) onBbox(formatBbox(box));
  };
  return (
    <MapBoxPanel
      label="Map box"
      viewLabel="Search this map view"
      clearLabel="Clear the box"
      hasBox={!!bbox}
      hint={bbox ? 'Only the photos placed inside the box are shown.' : 'The photos found that have a position are marked on the map.'}
      height={HEIGHT}
      onView={() => set(map.current?.viewBox())}
      onClear={() => onBbox(null)}
    >
      {(drawing, stopDrawing) => (
        <PhotoMapCanvas
          ref={map}
          photos={photos}
          bbox={bbox}
          drawing={drawing}
          onDrawn={(box) => {
            stopDrawing();
            set(box);
          }}
          onOpen={onOpen}
        />
      )}
    </MapBoxPanel>
  );
}
