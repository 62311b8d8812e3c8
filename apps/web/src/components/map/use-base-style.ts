import { useCallback, useEffect, useRef, useState } from 'react';
import { BUILT_IN_STYLE } from './base-style';

/** How long a configured style may go without progress (its document, its own tiles) before the built-in one is used instead. */
const STYLE_TIMEOUT_MS = 8000;

type StyleEvent = { target: { getStyle(): { sources?: Record<string, unknown> } | undefined } };
/** What BaseMap passes on of MapLibre's source events: a tile come (`tile`), a source's metadata (`sourceDataType`), or all it needs loaded. */
export type SourceEvent = { sourceId?: string; isSourceLoaded?: boolean; tile?: unknown; sourceDataType?: string };

/**
 * The configured base map (MAP_STYLE_URL, the view's own, or the one chosen under Site Admin), falling back to the
 * built-in style when there is none or it cannot be loaded: the data on top always shows. It counts as loaded
 * once its own sources are (those its document names), or at once if it names none; only a failure of its
 * document or its own sources before then, or STYLE_TIMEOUT_MS without any of them making progress, draws the
 * built-in style instead: a slow device or network still gets the style it asked for, a stalled host does not
 * hold the map blank. The data layers' tiles, slow or failing, are no reason to drop a good basemap.
 */
export function useBaseStyle(styleUrl: string | null | undefined) {
  const [useFallback, setUseFallback] = useState(!styleUrl);
  const loadedRef = useRef(false);
  /** The sources the style's document names (null until it has come). */
  const ownRef = useRef<ReadonlySet<string> | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** (Re)starts the wait for the style's next sign of progress. */
  const wait = useCallback(() => {
    clearTimeout(timerRef.current);
    if (styleUrl && !loadedRef.current) timerRef.current = setTimeout(() => loadedRef.current || setUseFallback(true), STYLE_TIMEOUT_MS);
  }, [styleUrl]);
  useEffect(() => {
    loadedRef.current = false;
    ownRef.current = null;
    setUseFallback(!styleUrl);
    wait();
    return () => clearTimeout(timerRef.current);
  }, [styleUrl, wait]);
  const loaded = () => {
    loadedRef.current = true;
    clearTimeout(timerRef.current);
  };
  const isOwn = (e: SourceEvent) => e.sourceId === undefined || !ownRef.current || ownRef.current.has(e.sourceId);
  return {
    style: useFallback || !styleUrl ? BUILT_IN_STYLE : styleUrl,
    loaded,
    /** The style's document has come: its sources are noted before any layer adds its own. */
    styleData: (e: StyleEvent) => {
      if (ownRef.current) return;
      ownRef.current = new Set(Object.keys(e.target.getStyle()?.sources ?? {}));
      if (!ownRef.current.size) loaded();
      else wait();
    },
    /** A tile or the metadata of one of the style's own sources has come (progress), or all it needs now have; a layer shown or hidden by zooming is neither. */
    sourceData: (e: SourceEvent) => {
      if (e.sourceId === undefined || !ownRef.current?.has(e.sourceId)) return;
      if (e.isSourceLoaded) loaded();
      else if (e.tile !== undefined || e.sourceDataType === 'metadata') wait();
    },
    failed: (e: SourceEvent) => {
      if (!loadedRef.current && isOwn(e)) setUseFallback(true);
    },
  };
}
