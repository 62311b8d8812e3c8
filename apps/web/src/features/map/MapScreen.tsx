import { Box } from '@mantine/core';
import type { MapData } from '@observatory/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Layer, Source, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import { BaseMap } from '../../components/map/BaseMap';
import { markerPaint } from '../../components/map/markers';
import { ClusterMarkers } from './ClusterMarkers';
import { InViewList, type ObjectFeature } from './InViewList';
import { LayerPanel } from './LayerPanel';
import { useObjectTypes } from '../../lib/object-types';
import { useMapData, type FoundObject } from './map-api';
import { geometryAnchor, geometryBbox, requestedTypes, type ResolvedView } from './map-view';
import { MapNotices } from './MapNotices';
import { MapPanel, type Panel } from './MapPanel';
import { ObjectPopup, type SelectedObject } from './ObjectPopup';
import { useMapViewport } from './use-map-viewport';
import './map.css';

const OBJECTS_LAYER = 'map-objects';
const EMPTY: MapData = { type: 'FeatureCollection', features: [] };
/** How close a search result is shown when it is a single point. */
const POINT_ZOOM = 14;
/** A search result is flown to in this time, however far away (MapLibre's own pace takes long for far jumps). */
const FLIGHT_MS = 2000;
const FIT_OPTIONS = { padding: 60, maxZoom: 16, duration: FLIGHT_MS };

/** The types the layer list offers: the view's own, or every type for the whole map. */
function useViewTypes(viewTypes: string[]) {
  const query = useObjectTypes();
  const all = useMemo(() => query.data ?? [], [query.data]);
  const offered = useMemo(
    () =>
      viewTypes.length
        ? viewTypes.map(
            (slug) =>
              all.find((t) => t.slug === slug) ?? {
                slug,
                name: slug,
                marker: 'default' as const,
                id: slug,
                parents: [],
                metrics: {},
                metadata_schemas: {},
                version: 1,
              },
          )
        : all,
    [all, viewTypes],
  );
  const names = useMemo(() => new Map(all.map((t) => [t.slug, t.name])), [all]);
  return { offered, names, isPending: query.isPending && viewTypes.length === 0 };
}

/** The last map data received, kept on screen while the next loads or after it fails. */
function useDrawnData(data: MapData | undefined, none: boolean): MapData | undefined {
  const [drawn, setDrawn] = useState<MapData>();
  useEffect(() => {
    if (data) setDrawn(data);
  }, [data]);
  return none ? EMPTY : drawn;
}

/** "ready" once the first map data has been drawn and the map has gone idle. */
function useReadiness(mapRef: React.RefObject<MapRef | null>, drawn: MapData | undefined, loaded: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (ready || !drawn || !loaded || !map) return;
    const onIdle = () => setReady(true);
    map.once('idle', onIdle);
    map.triggerRepaint();
    return () => {
      map.off('idle', onIdle);
    };
  }, [mapRef, drawn, loaded, ready]);
  return ready;
}

/**
 * One map view: MapLibre on the base style, the objects of the view's types (clustered
 * by the server), popups, the layer list, the in-view list and the search.
 */
export function MapScreen({ view }: { view: ResolvedView }) {
  const mapRef = useRef<MapRef>(null);
  const [loaded, setLoaded] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<SelectedObject | null>(null);
  const [hovering, setHovering] = useState(false);
  // Types outside the view's own that a search result brought onto this map.
  const [added, setAdded] = useState<string[]>([]);
  const viewTypes = useMemo(() => (view.types.length ? [...view.types, ...added] : view.types), [view.types, added]);
  const types = useViewTypes(viewTypes);
  const { viewport, settling, onLoad, onMoveStart, onMoveEnd } = useMapViewport(mapRef);

  const typesParam = requestedTypes(
    viewTypes,
    types.offered.map((t) => t.slug),
    hidden,
  );
  const request = viewport ? { ...viewport, types: typesParam } : null;
  const query = useMapData(request);
  const drawn = useDrawnData(query.data, typesParam?.length === 0);
  const features = drawn?.features ?? EMPTY.features;
  const objects = useMemo<MapData>(() => ({ type: 'FeatureCollection', features: features.filter((f) => !f.properties.cluster) }), [features]);
  const ready = useReadiness(mapRef, drawn, loaded);

  const select = (f: ObjectFeature) => setSelected({ ...f.properties, at: f.geometry.coordinates });
  /** From the list: the object may be under the panel, so it comes to the middle. */
  const showFromList = (f: ObjectFeature) => {
    select(f);
    mapRef.current?.easeTo({ center: f.geometry.coordinates });
  };
  // Once the object's own marker is on the map, the popup points at it.
  const marker = selected && objects.features.find((f) => !f.properties.cluster && f.properties.id === selected.id);
  const popupAt = marker ? marker.geometry.coordinates : selected?.at;

  const togglePanel = (which: Exclude<Panel, null>) => setPanel((open) => (open === which ? null : which));
  const toggleType = (slug: string, shown: boolean) =>
    setHidden((current) => {
      const next = new Set(current);
      if (shown) next.delete(slug);
      else next.add(slug);
      return next;
    });

  /** The search finds objects of every type: one whose layer is off or not on this map gets it turned on. */
  const showLayerOf = (object: FoundObject) => {
    const slugs = object.types.map((t) => t.slug);
    if (slugs.some((slug) => typesParam === undefined || typesParam.includes(slug))) return;
    const slug = slugs.find((t) => hidden.has(t)) ?? slugs[0];
    if (!slug) return;
    if (hidden.has(slug)) toggleType(slug, true);
    else if (view.types.length && !viewTypes.includes(slug)) setAdded((current) => [...current, slug]);
  };

  const flyTo = (object: FoundObject) => {
    const map = mapRef.current;
    const box = geometryBbox(object.geo);
    const at = geometryAnchor(object.geo);
    if (!map || !box || !at) return;
    if (box[0] === box[2] && box[1] === box[3]) map.flyTo({ center: at, zoom: Math.max(map.getZoom(), POINT_ZOOM), duration: FLIGHT_MS });
    else map.fitBounds(box, FIT_OPTIONS);
    showLayerOf(object);
    setSelected({ id: object.id, name: object.name, title: object.title, types: object.types.map((t) => t.slug), at });
  };

  const onClick = (e: MapLayerMouseEvent) => {
    if ((e.originalEvent.target as Element | null)?.closest?.('.maplibregl-marker')) return;
    // A rendered feature's geometry is a getter: copy it by name, not by spreading.
    const feature = e.features?.[0];
    if (!feature || feature.geometry.type !== 'Point') return setSelected(null);
    const properties = feature.properties as ObjectFeature['properties'];
    select({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: feature.geometry.coordinates as [number, number] },
      properties: { ...properties, types: parseTypes(properties.types) },
    });
  };

  return (
    <Box pos="absolute" inset={0}>
      <Box h="100%" data-map-state={ready ? 'ready' : 'loading'} aria-busy={!ready || settling || query.isFetching}>
        <BaseMap
          ref={mapRef}
          label={`${view.title} map`}
          styleUrl={view.styleUrl}
          {...(view.extent ? { initialViewState: { bounds: view.extent, fitBoundsOptions: { padding: 20 } } } : {})}
          interactiveLayerIds={[OBJECTS_LAYER]}
          cursor={hovering ? 'pointer' : 'grab'}
          onMouseEnter={() => setHovering(true)}
          onMouseLeave={() => setHovering(false)}
          onClick={onClick}
          onLoad={() => {
            setLoaded(true);
            onLoad();
          }}
          onMoveStart={onMoveStart}
          onMoveEnd={onMoveEnd}
        >
          <Source id={OBJECTS_LAYER} type="geojson" data={objects}>
            <Layer id={OBJECTS_LAYER} type="circle" paint={markerPaint} />
          </Source>
          <ClusterMarkers features={features} />
          {selected && popupAt ? <ObjectPopup object={{ ...selected, at: popupAt }} typeNames={types.names} onClose={() => setSelected(null)} /> : null}
        </BaseMap>
      </Box>

      <MapPanel
        title={view.title}
        onChoose={flyTo}
        panel={panel}
        onToggle={togglePanel}
        layers={<LayerPanel types={types.offered} isPending={types.isPending} hidden={hidden} onToggle={toggleType} />}
        list={<InViewList features={features} onChoose={showFromList} />}
      />
      <MapNotices fetching={query.isFetching} error={query.error} onRetry={() => void query.refetch()} />
    </Box>
  );
}

/** MapLibre hands feature properties back flattened: arrays arrive as JSON text. */
function parseTypes(types: unknown): string[] {
  if (Array.isArray(types)) return types as string[];
  try {
    const parsed: unknown = JSON.parse(String(types));
    return Array.isArray(parsed) ? (parsed as string[]) : [];
  } catch {
    return [];
  }
}
