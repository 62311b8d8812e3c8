import { Alert, Loader, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { toErrorView } from '../../lib/errors';
import { fetchObjectsGeoJson } from './api';
import { objectKeys } from './keys';
import type { MapFeature, MapFeatures } from './geo-features';
import ObjectMap from './ObjectMap';

/** The catalogue's current page on a map (lazily loaded with MapLibre); a click opens the object. */
export default function ObjectsMapView({ query, page }: { query: string; page: number }) {
  const navigate = useNavigate();
  const answer = useQuery({ queryKey: objectKeys.geojson(query, page), queryFn: () => fetchObjectsGeoJson(query, page), placeholderData: keepPreviousData });
  const features = useMemo<MapFeatures>(
    () => ({
      type: 'FeatureCollection',
      features: (answer.data?.features ?? []).map(
        (f) =>
          ({
            type: 'Feature',
            geometry: f.geometry,
            properties: { name: f.properties.name, title: f.properties.title, marker: f.properties.marker, role: 'item' },
          }) as unknown as MapFeature,
      ),
    }),
    [answer.data],
  );
  if (answer.error) return <Alert color="danger" role="alert">{`The map could not be loaded: ${toErrorView(answer.error).message}`}</Alert>;
  if (!answer.data) return <Loader role="status" aria-label="Loading the map" />;
  return (
    <>
      <ObjectMap features={features} label="Map of the objects on this page" height={480} onSelect={(name) => void navigate(paths.object(name))} />
      <Text size="sm" c="dimmed">
        {features.features.length === 0
          ? 'None of the objects on this page has a location.'
          : 'The objects of this page with a location. Select one on the map to open it.'}
      </Text>
    </>
  );
}
