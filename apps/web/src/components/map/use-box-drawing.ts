import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { MapLayerMouseEvent, MapLayerTouchEvent, MapProps, MapRef } from 'react-map-gl/maplibre';
import { boxFromCorners, type Bbox } from '../../lib/bbox';

type Corner = [number, number];
type Pixel = { x: number; y: number };
type Drag = { start: Corner; from: Pixel; last: Corner; to: Pixel };
type PointerEvent = MapLayerMouseEvent | MapLayerTouchEvent;

/** A drag shorter than this (pixels) is a click, not a box. */
const MIN_DRAG_PX = 5;

const cornerOf = (e: PointerEvent): Corner => [e.lngLat.lng, e.lngLat.lat];

/** The box a map shows now (in the API's bounds); null before the map is there. */
export function boxInView(map: MapRef | null): Bbox | null {
  const bounds = map?.getBounds();
  return bounds ? boxFromCorners([bounds.getWest(), bounds.getSouth()], [bounds.getEast(), bounds.getNorth()]) : null;
}

/**
 * A box drawn on a map by dragging (a mouse, or one finger) while `drawing` is on: the
 * box so far as `draft`, and the box to `onDrawn` once let go. `mapProps` go to the map:
 * while drawing, a drag draws instead of moving it.
 */
export function useBoxDrawing({ drawing, onDrawn }: { drawing: boolean; onDrawn: (box: Bbox) => void }) {
  const [draft, setDraft] = useState<Bbox | null>(null);
  const drag = useRef<Drag | null>(null);

  const begin = (e: PointerEvent) => {
    if (!drawing || ('points' in e && e.points.length !== 1)) return;
    drag.current = { start: cornerOf(e), from: e.point, last: cornerOf(e), to: e.point };
    setDraft(null);
  };
  const extend = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    d.last = cornerOf(e);
    d.to = e.point;
    setDraft(boxFromCorners(d.start, d.last));
  };
  // The button may be let go outside the map: the window hears it.
  const finish = useEffectEvent(() => {
    const d = drag.current;
    drag.current = null;
    setDraft(null);
    if (!d || Math.hypot(d.to.x - d.from.x, d.to.y - d.from.y) < MIN_DRAG_PX) return;
    onDrawn(boxFromCorners(d.start, d.last));
  });
  useEffect(() => {
    const up = () => finish();
    const events = ['mouseup', 'touchend', 'touchcancel'] as const;
    for (const name of events) window.addEventListener(name, up);
    return () => {
      for (const name of events) window.removeEventListener(name, up);
    };
  }, []);

  const mapProps = {
    dragPan: !drawing,
    doubleClickZoom: !drawing,
    onMouseDown: begin,
    onMouseMove: extend,
    onTouchStart: begin,
    onTouchMove: extend,
  } satisfies Partial<MapProps>;
  return { draft, mapProps };
}
