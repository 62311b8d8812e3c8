import 'maplibre-gl/dist/maplibre-gl.css';
import type { GeoJSONSource } from 'maplibre-gl';
import { forwardRef, useEffect, useRef, useState } from 'react';
import MapGL, { NavigationControl, useMap, type MapProps, type MapRef } from 'react-map-gl/maplibre';
import { useAppConfig } from '../../lib/app-config';
import { BUILT_IN_STYLE, FINE_LAND_ZOOM, LAND_SOURCE, loadLand, type Land } from './base-style';

/** How long a configured style may go without progress (its document, its own tiles) before the built-in one is used instead. */
const STYLE_TIMEOUT_MS = 8000;

type StyleEvent = { target: { getStyle(): { sources?: Record<string, unknown> } | undefined } };
type SourceEvent = { sourceId?: string; isSourceLoaded?: boolean };

/**
 * The configured base map (MAP_STYLE_URL, the view's own, or the one chosen under Site Admin), falling back to the
 * built-in style when there is none or it cannot be loaded: the data on top always shows. It counts as loaded
 * once its own sources are (those its document names), or at once if it names none; only a failure of its
 * document or its own sources before then, or STYLE_TIMEOUT_MS without any of them making progress, draws the
 * built-in style instead: a slow device or network still gets the style it asked for, a stalled host does not
 * hold the map blank. The data layers' tiles, slow or failing, are no reason to drop a good basemap.
 */
function useBaseStyle(styleUrl: string | null | undefined) {
  const [useFallback, setUseFallback] = useState(!styleUrl);
  const loadedRef = useRef(false);
  /** The sources the style's document names (null until it has come). */
  const ownRef = useRef<ReadonlySet<string> | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** (Re)starts the wait for the style's next sign of progress. */
  const wait = () => {
    clearTimeout(timerRef.current);
    if (!loadedRef.current) timerRef.current = setTimeout(() => loadedRef.current || setUseFallback(true), STYLE_TIMEOUT_MS);
  };
  useEffect(() => {
    loadedRef.current = false;
    ownRef.current = null;
    setUseFallback(!styleUrl);
    if (!styleUrl) return;
    wait();
    return () => clearTimeout(timerRef.current);
  }, [styleUrl]);
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
    /** A tile of one of the style's own sources has come, or all it needs now have. */
    sourceData: (e: SourceEvent) => {
      if (e.sourceId === undefined || !ownRef.current?.has(e.sourceId)) return;
      if (e.isSourceLoaded) loaded();
      else wait();
    },
    failed: (e: SourceEvent) => {
      if (!loadedRef.current && isOwn(e)) setUseFallback(true);
    },
  };
}

/**
 * Puts the coastlines into the built-in style: the coarse ones at once, the fine ones the
 * first time the map is zoomed in far enough. A configured style has no such source and is left alone.
 */
function BuiltInLand() {
  const map = useMap().current?.getMap();
  useEffect(() => {
    if (!map) return;
    let live = true;
    let land: Land | undefined;
    let shownIn: GeoJSONSource | undefined;
    let fine = false;
    const apply = () => {
      const source = map.getSource<GeoJSONSource>(LAND_SOURCE);
      if (!land || !source || source === shownIn) return;
      source.setData(land);
      shownIn = source;
    };
    const show = (loaded: Land | undefined, isFine: boolean) => {
      if (!live || !loaded || (fine && !isFine)) return;
      fine ||= isFine;
      land = loaded;
      shownIn = undefined;
      apply();
    };
    const zoomedIn = () => {
      if (map.getZoom() < FINE_LAND_ZOOM) return;
      map.off('zoomend', zoomedIn);
      void loadLand('fine').then((loaded) => show(loaded, true));
    };
    void loadLand('coarse').then((loaded) => show(loaded, false));
    map.on('styledata', apply);
    map.on('zoomend', zoomedIn);
    zoomedIn();
    return () => {
      live = false;
      map.off('styledata', apply);
      map.off('zoomend', zoomedIn);
    };
  }, [map]);
  return null;
}

export type BaseMapProps = Omit<MapProps, 'mapStyle'> & { styleUrl?: string | null; label: string };

/** A MapLibre map on the site's base style with zoom buttons; children add sources, layers and markers. */
export const BaseMap = forwardRef<MapRef, BaseMapProps>(function BaseMap(
  { styleUrl, label, children, onError, onLoad, onStyleData, onSourceData, ...props },
  ref,
) {
  const config = useAppConfig();
  const chosen = styleUrl === undefined ? config?.map.styleUrl : styleUrl;
  // A raster basemap's style is this site's own (/api/v1/basemaps/…): made absolute, as MapLibre asks.
  const base = useBaseStyle(chosen ? new URL(chosen, window.location.href).href : chosen);
  return (
    <div role="region" aria-label={label} style={{ width: '100%', height: '100%', position: 'relative' }}>
      <MapGL
        ref={ref}
        initialViewState={{ longitude: config?.map.center[0] ?? 10, latitude: config?.map.center[1] ?? 50, zoom: config?.map.zoom ?? 3 }}
        style={{ width: '100%', height: '100%' }}
        {...props}
        mapStyle={base.style}
        // A new style (a configured one that failed) replaces the old whole: a diff against one still loading only warns and does so.
        styleDiffing={false}
        onStyleData={(e) => {
          base.styleData(e);
          onStyleData?.(e);
        }}
        onSourceData={(e) => {
          base.sourceData(e);
          onSourceData?.(e);
        }}
        onLoad={(e) => {
          base.loaded();
          onLoad?.(e);
        }}
        onError={(e) => {
          base.failed(e as SourceEvent);
          onError?.(e);
        }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <BuiltInLand />
        {children}
      </MapGL>
    </div>
  );
});
