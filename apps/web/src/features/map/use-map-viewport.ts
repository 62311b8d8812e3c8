import { useCallback, useEffect, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { clampBbox, type Bbox } from './map-view';

/** The map waits this long after it stops moving before asking for data. */
export const MOVE_DEBOUNCE_MS = 250;

export interface Viewport {
  bbox: Bbox;
  zoom: number;
}

function readViewport(map: MapRef): Viewport | null {
  const container = map.getContainer();
  // Hidden (the kept-alive layout off screen) the map has no size: nothing to ask for.
  if (container.clientWidth === 0 || container.clientHeight === 0) return null;
  const bounds = map.getBounds();
  return { bbox: clampBbox([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]), zoom: map.getZoom() };
}

/**
 * The part of the world on screen, settled: updated once the map has loaded and then a
 * moment after each move ends. `settling` is true while the map moves or waits.
 */
export function useMapViewport(mapRef: React.RefObject<MapRef | null>) {
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [settling, setSettling] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const settle = useCallback(() => {
    const map = mapRef.current;
    const next = map ? readViewport(map) : null;
    if (next) setViewport((current) => (current && sameViewport(current, next) ? current : next));
    setSettling(false);
  }, [mapRef]);

  const onMoveStart = useCallback(() => {
    clearTimeout(timer.current);
    setSettling(true);
  }, []);
  const onMoveEnd = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(settle, MOVE_DEBOUNCE_MS);
  }, [settle]);

  return { viewport, settling, onLoad: settle, onMoveStart, onMoveEnd };
}

const sameViewport = (a: Viewport, b: Viewport) => a.zoom === b.zoom && a.bbox.every((value, i) => value === b.bbox[i]);
