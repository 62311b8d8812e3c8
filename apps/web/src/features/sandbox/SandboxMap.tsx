import type { SandboxObject } from '@observatory/shared';
import { lazy, useRef } from 'react';
import { MapBoxPanel } from '../../components/map/MapBoxPanel';
import type { Box as MapBox } from './sandbox-query';
import type { SandboxMapHandle } from './SandboxMapCanvas';

const SandboxMapCanvas = lazy(() => import('./SandboxMapCanvas'));

const HEIGHT = { base: 300, sm: 440 };

/**
 * The Map tab: the page's objects that have a place, and the query's map area: "Draw a
 * box" (a drag on the map draws it), "Use this map view" (the keyboard's way), "Clear".
 */
export function SandboxMap({ objects, bbox, onBbox }: { objects: SandboxObject[]; bbox: MapBox | null; onBbox: (box: MapBox | null) => void }) {
  const map = useRef<SandboxMapHandle>(null);
  const placed = objects.filter((o) => o.point).length;
  return (
    <MapBoxPanel
      viewLabel="Use this map view"
      clearLabel="Clear the map area"
      hasBox={!!bbox}
      hint={`${placed} of the ${objects.length} objects on this page have a place on the map.${bbox ? ' Only objects overlapping the box are found.' : ''}`}
      height={HEIGHT}
      onView={() => {
        const box = map.current?.viewBox();
        if (box) onBbox(box);
      }}
      onClear={() => onBbox(null)}
    >
      {(drawing, stopDrawing) => (
        <SandboxMapCanvas
          ref={map}
          objects={objects}
          bbox={bbox}
          drawing={drawing}
          onDrawn={(box) => {
            stopDrawing();
            onBbox(box);
          }}
        />
      )}
    </MapBoxPanel>
  );
}
