import { Box } from '@mantine/core';
import { MAP_TILES } from '@observatory/shared';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import { BaseMap } from '../../components/map/BaseMap';
import { ClusterMarkers } from './ClusterMarkers';
import { InViewList, type ObjectFeature } from './InViewList';
import { LayerPanel } from './LayerPanel';
import { useObjectTypes } from '../../lib/object-types';
import type { FoundObject } from './map-api';
import { areaHref, geometryAnchor, geometryBbox, requestedTypes, shownBox, type Bbox, type MapArea, type ResolvedView } from './map-view';
import { MapNotices } from './MapNotices';
import { MapPanel, type Panel } from './MapPanel';
import { ObjectPopup, type SelectedObject } from './ObjectPopup';
import { ObjectTileLayers, objectsLayerId, parseTypes, useDrawnObjects, useTileGeneration, useTileRequests } from './ObjectTiles';
import { tilePath, TILES_MAX_ZOOM } from './tile-requests';
import { useMapSettling } from './use-map-settling';
import './map.css';

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

/** "ready" once the map has loaded and gone idle with its tiles drawn, none failing. */
function useReadiness(mapRef: React.RefObject<MapRef | null>, loaded: boolean, failed: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (ready || failed || !loaded || !map) return;
    const onIdle = () => setReady(true);
    map.once('idle', onIdle);
    map.triggerRepaint();
    return () => {
      map.off('idle', onIdle);
    };
  }, [mapRef, loaded, failed, ready]);
  return ready;
}

/**
 * One map view: MapLibre on the base style, the objects of the view's types (the
 * server's vector tiles: one layer for every type, or one per type shown), popups, the
 * layer list, the in-view list and the search.
 */
export function MapScreen({
  view,
  focus = null,
  areaActions,
}: {
  view: ResolvedView;
  /** An area to show (the address's): the map moves to it whenever it changes. */
  focus?: Bbox | null;
  /** What may be done with the area shown, under the layers (keep it offline). */
  areaActions?: (area: MapArea) => ReactNode;
}) {
  const mapRef = useRef<MapRef>(null);
  const [loaded, setLoaded] = useState(false);
  const [shown, setShown] = useState<{ bounds: Bbox; zoom: number } | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<SelectedObject | null>(null);
  const [hovering, setHovering] = useState(false);
  // Types outside the view's own that a search result brought onto this map.
  const [added, setAdded] = useState<string[]>([]);
  const viewTypes = useMemo(() => (view.types.length ? [...view.types, ...added] : view.types), [view.types, added]);
  const types = useViewTypes(viewTypes);
  const { settling, onMoveStart, onMoveEnd } = useMapSettling();

  const typesParam = requestedTypes(
    viewTypes,
    types.offered.map((t) => t.slug),
    hidden,
  );
  // One tile layer for the types shown, clustered together (an object of two of them counts once).
  const layers = typesParam === undefined ? [MAP_TILES.everyType] : typesParam.length ? [typesParam.join(',')] : [];
  const tiles = useTileGeneration();
  const requests = useTileRequests();
  const { features, drawing } = useDrawnObjects(mapRef, loaded, layers);
  const ready = useReadiness(mapRef, loaded, !!requests.error);
  useEffect(() => {
    if (loaded && focus) mapRef.current?.fitBounds(focus, { duration: 0 });
  }, [loaded, focus]);
  const noteShown = () => {
    const map = mapRef.current;
    if (map) setShown({ bounds: shownBox(map.getBounds()), zoom: map.getZoom() });
  };

  const select = (f: ObjectFeature) => setSelected({ ...f.properties, at: f.geometry.coordinates });
  /** From the list: the object may be under the panel, so it comes to the middle. */
  const showFromList = (f: ObjectFeature) => {
    select(f);
    mapRef.current?.easeTo({ center: f.geometry.coordinates });
  };
  // Once the object's own marker is on the map, the popup points at it.
  const marker = selected && features.find((f) => !f.properties.cluster && f.properties.id === selected.id);
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
      <Box h="100%" data-map-state={ready ? 'ready' : 'loading'} aria-busy={!ready || settling || drawing || requests.pending > 0}>
        <BaseMap
          ref={mapRef}
          label={`${view.title} map`}
          styleUrl={view.styleUrl}
          {...(focus
            ? { initialViewState: { bounds: focus } }
            : view.extent
              ? { initialViewState: { bounds: view.extent, fitBoundsOptions: { padding: 20 } } }
              : {})}
          interactiveLayerIds={layers.map(objectsLayerId)}
          cursor={hovering ? 'pointer' : 'grab'}
          onMouseEnter={() => setHovering(true)}
          onMouseLeave={() => setHovering(false)}
          onClick={onClick}
          onLoad={() => {
            setLoaded(true);
            noteShown();
          }}
          onMoveStart={onMoveStart}
          onMoveEnd={() => {
            onMoveEnd();
            noteShown();
          }}
        >
          {layers.map((layer) => (
            <ObjectTileLayers key={layer} layer={layer} generation={tiles.generation} />
          ))}
          <ClusterMarkers features={features} />
          {selected && popupAt ? <ObjectPopup object={{ ...selected, at: popupAt }} typeNames={types.names} onClose={() => setSelected(null)} /> : null}
        </BaseMap>
      </Box>

      <MapPanel
        title={view.title}
        onChoose={flyTo}
        panel={panel}
        onToggle={togglePanel}
        layers={
          <>
            <LayerPanel types={types.offered} isPending={types.isPending} hidden={hidden} onToggle={toggleType} />
            {areaActions && shown ? areaActions({ view, ...shown, layers, href: areaHref(view, shown.bounds), tilePath, deepestTiles: TILES_MAX_ZOOM }) : null}
          </>
        }
        list={<InViewList features={features} onChoose={showFromList} />}
      />
      <MapNotices fetching={requests.pending > 0} error={requests.error} onRetry={tiles.reload} />
    </Box>
  );
}
