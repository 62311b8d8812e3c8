import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { MapData } from '@observatory/shared';
import { clusterDiameter, type Bbox } from './map-view';

type Feature = MapData['features'][number];
type ClusterFeature = Feature & { properties: { cluster: true } };

const isCluster = (f: Feature): f is ClusterFeature => f.properties.cluster;
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Room left around a cluster's objects when zooming to them. */
const FIT_PADDING = 48;

/** To the cluster's objects, always at least one level further in. */
function zoomTo(map: MapLibreMap, [west, south, east, north]: Bbox) {
  const camera = map.cameraForBounds([west, south, east, north], { padding: FIT_PADDING });
  const zoom = Math.min(map.getMaxZoom(), Math.max(camera?.zoom ?? 0, map.getZoom() + 1));
  map.easeTo({ center: camera?.center ?? [(west + east) / 2, (south + north) / 2], zoom });
}

/**
 * One cluster: the marker's own element is the button (a button inside MapLibre's marker
 * would be a control inside a control for assistive technology).
 */
function ClusterMarker({ cluster }: { cluster: ClusterFeature }) {
  const { current: mapRef } = useMap();
  const [lon, lat] = cluster.geometry.coordinates;
  const { count, bbox } = cluster.properties;
  const [west, south, east, north] = bbox;
  useEffect(() => {
    const map = mapRef?.getMap();
    if (!map) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'map-cluster';
    button.setAttribute('aria-label', `${count} objects, zoom in`);
    button.textContent = compact.format(count);
    // Where its objects are, for whoever reads the page (journeys pick a cluster by it).
    button.dataset.bbox = [west, south, east, north].join(',');
    const size = `${clusterDiameter(count)}px`;
    Object.assign(button.style, { width: size, height: size });
    button.addEventListener('click', () => zoomTo(map, [west, south, east, north]));
    const marker = new Marker({ element: button }).setLngLat([lon, lat]).addTo(map);
    return () => {
      marker.remove();
    };
  }, [mapRef, lon, lat, count, west, south, east, north]);
  return null;
}

/** Clusters as HTML buttons: the offline base style has no glyph fonts for text on the map. */
export function ClusterMarkers({ features }: { features: Feature[] }) {
  return features.filter(isCluster).map((f) => <ClusterMarker key={`${f.geometry.coordinates.join(',')},${f.properties.count}`} cluster={f} />);
}
