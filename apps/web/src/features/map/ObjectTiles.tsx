import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MapGeoJSONFeature } from 'maplibre-gl';
import { MAP_TILES, type MapData } from '@observatory/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Layer, Source, type MapRef } from 'react-map-gl/maplibre';
import { markerPaint } from '../../components/map/markers';
import { onSessionChange } from '../../lib/api-client';
import { mapKeys } from './keys';
import { registerTileProtocol, tileRequests, tileUrl, TILES_MAX_ZOOM } from './tile-requests';

type Feature = MapData['features'][number];

const sourceId = (layer: string) => `map-tiles-${layer}`;
/** The layer of single objects' circles of one tile layer: what a click selects. */
export const objectsLayerId = (layer: string) => `${sourceId(layer)}-objects`;
/** The clusters, not drawn (their HTML buttons are: ClusterMarkers) but read from the map. */
const clustersLayerId = (layer: string) => `${sourceId(layer)}-clusters`;

const isCluster = ['==', ['get', 'cluster'], true] as ['==', ['get', string], boolean];
const isObject = ['!=', ['get', 'cluster'], true] as ['!=', ['get', string], boolean];

/**
 * One layer of the server's vector tiles (every type, or one type's): its objects drawn
 * as circles in their markers' style, its clusters kept for their buttons.
 */
export function ObjectTileLayers({ layer, generation }: { layer: string; generation: number }) {
  registerTileProtocol();
  return (
    <Source id={sourceId(layer)} type="vector" tiles={[tileUrl(layer, generation)]} maxzoom={TILES_MAX_ZOOM}>
      <Layer
        id={clustersLayerId(layer)}
        type="circle"
        source-layer={MAP_TILES.pointsLayer}
        filter={isCluster}
        paint={{ 'circle-opacity': 0, 'circle-stroke-opacity': 0 }}
      />
      <Layer id={objectsLayerId(layer)} type="circle" source-layer={MAP_TILES.pointsLayer} filter={isObject} paint={markerPaint} />
    </Source>
  );
}

/**
 * A number that changes whenever every tile must load again: after a change to an object
 * (the queries whose keys start with `map` are refreshed then), on signing in or out (the
 * tiles count what the reader may see), and on Retry.
 */
export function useTileGeneration() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: mapKeys.tiles, queryFn: () => Date.now(), staleTime: Infinity });
  useEffect(() => onSessionChange(() => void client.invalidateQueries({ queryKey: mapKeys.tiles })), [client]);
  return {
    generation: query.data ?? 0,
    reload: () => {
      tileRequests.clearError();
      void client.invalidateQueries({ queryKey: mapKeys.tiles });
    },
  };
}

/** The tile requests under way and the last failure. */
export const useTileRequests = () => useSyncExternalStore(tileRequests.subscribe, tileRequests.snapshot);

/** MapLibre hands feature properties back flattened: arrays arrive as JSON text. */
export function parseTypes(types: unknown): string[] {
  if (Array.isArray(types)) return types as string[];
  try {
    const parsed: unknown = JSON.parse(String(types));
    return Array.isArray(parsed) ? (parsed as string[]) : [];
  } catch {
    return [];
  }
}

/** A drawn point as the screen's lists and buttons take it (the shape of GET data/map's features). */
function toFeature(f: MapGeoJSONFeature): Feature | null {
  if (f.geometry.type !== 'Point') return null;
  const [lon, lat] = f.geometry.coordinates as [number, number];
  const p = f.properties as Record<string, string | number | boolean>;
  const geometry = { type: 'Point' as const, coordinates: [lon, lat] as [number, number] };
  if (p.cluster === true) {
    const bbox: [number, number, number, number] = [Number(p.west), Number(p.south), Number(p.east), Number(p.north)];
    return { type: 'Feature', geometry, properties: { cluster: true, count: Number(p.count), bbox } };
  }
  const marker = String(p.marker) as Extract<Feature['properties'], { cluster: false }>['marker'];
  return {
    type: 'Feature',
    geometry,
    properties: { cluster: false, id: String(p.id), name: String(p.name), title: String(p.title), marker, types: parseTypes(p.types) },
  };
}

const keyOf = (f: Feature) => (f.properties.cluster ? `c${f.properties.count}@${f.geometry.coordinates.join(',')}` : `o${f.properties.id}`);

/**
 * What the tiles of these layers draw on screen, read each time the map has finished
 * drawing: the objects and the clusters, for the list of what is in view and the
 * clusters' buttons. `drawing` is true from a move or a load until they are read again.
 */
export function useDrawnObjects(mapRef: React.RefObject<MapRef | null>, loaded: boolean, layers: string[]): { features: Feature[]; drawing: boolean } {
  const [features, setFeatures] = useState<Feature[]>([]);
  const [drawing, setDrawing] = useState(true);
  // Layers name types comma-separated: a bar keeps them apart.
  const key = layers.join('|');
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !loaded) return;
    const ids = key ? key.split('|').flatMap((layer) => [objectsLayerId(layer), clustersLayerId(layer)]) : [];
    const read = () => {
      const present = ids.filter((id) => map.getLayer(id));
      const rendered = present.length ? map.queryRenderedFeatures({ layers: present }) : [];
      // Tiles of the zoom the map asks for; a parent kept while a child loads would count its objects twice.
      const zoom = Math.min(Math.floor(map.getZoom()), TILES_MAX_ZOOM);
      const current = rendered.some((f) => f._z === zoom) ? rendered.filter((f) => f._z === zoom) : rendered;
      const drawn = new Map<string, Feature>();
      for (const f of current) {
        const feature = toFeature(f);
        if (feature) drawn.set(keyOf(feature), feature);
      }
      const next = [...drawn.values()];
      setFeatures((shown) => (shown.length === next.length && shown.every((f, i) => keyOf(f) === keyOf(next[i]!)) ? shown : next));
      setDrawing(false);
    };
    const changing = () => setDrawing(true);
    read();
    map.on('idle', read);
    map.on('movestart', changing);
    map.on('dataloading', changing);
    return () => {
      map.off('idle', read);
      map.off('movestart', changing);
      map.off('dataloading', changing);
    };
  }, [mapRef, loaded, key]);
  return { features, drawing };
}
