import 'maplibre-gl/dist/maplibre-gl.css';
import type { GeoJSONSource } from 'maplibre-gl';
import { forwardRef, useEffect } from 'react';
import MapGL, { NavigationControl, useMap, type MapProps, type MapRef } from 'react-map-gl/maplibre';
import { useAppConfig } from '../../lib/app-config';
import { FINE_LAND_ZOOM, LAND_SOURCE, loadLand, type Land } from './base-style';
import { keepCanvasToBox } from './canvas-to-box';
import { useBaseStyle, type SourceEvent } from './use-base-style';

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

/** The canvas takes its box's size when the box is first measured (keepCanvasToBox). */
function FitsItsBox() {
  const map = useMap().current?.getMap();
  useEffect(() => (map ? keepCanvasToBox(map) : undefined), [map]);
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
        <FitsItsBox />
        {children}
      </MapGL>
    </div>
  );
});
