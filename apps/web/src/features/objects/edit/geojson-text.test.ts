import { describe, expect, it } from 'vitest';
import { geoJsonText, parseGeoJsonText } from './geojson-text';

describe('pasted GeoJSON', () => {
  it('takes a geometry, dropping an elevation', () => {
    expect(parseGeoJsonText('{"type":"Point","coordinates":[7.5,46.9,540]}')).toEqual({ geo: { type: 'Point', coordinates: [7.5, 46.9] }, error: null });
  });

  it('takes a single Feature as its geometry, and a FeatureCollection with its properties dropped', () => {
    const feature = {
      type: 'Feature',
      properties: { name: 'x' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
    };
    expect(parseGeoJsonText(JSON.stringify(feature)).geo).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
    const collection = parseGeoJsonText(JSON.stringify({ type: 'FeatureCollection', features: [feature] }));
    expect(collection.geo).toEqual({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: feature.geometry }] });
  });

  it('clears the geometry when the text is empty', () => {
    expect(parseGeoJsonText('  ')).toEqual({ geo: null, error: null });
  });

  it('says why it is refused: not JSON, an unclosed ring, a latitude out of range, an unknown type, a feature without geometry', () => {
    expect(parseGeoJsonText('{"type":')).toMatchObject({ geo: null, error: expect.stringMatching(/^This is not valid JSON/) });
    expect(parseGeoJsonText('{"type":"Polygon","coordinates":[[[1,2],[3,4],[5,6],[1,3]]]}').error).toBe(
      'A polygon ring must be closed: its last position [1, 3] must equal its first [1, 2] (at coordinates.0)',
    );
    expect(parseGeoJsonText('{"type":"Point","coordinates":[7,91]}').error).toMatch(/^Latitude 91 is outside \[-90, 90\]/);
    expect(parseGeoJsonText('{"type":"Circle","coordinates":[0,0]}').error).toMatch(/Unknown GeoJSON type "Circle"/);
    expect(parseGeoJsonText('{"type":"Feature","properties":{}}').error).toBe('This Feature has no geometry');
  });

  it('shows a geometry as indented JSON, nothing as empty text', () => {
    expect(geoJsonText(null)).toBe('');
    expect(JSON.parse(geoJsonText({ type: 'Point', coordinates: [1, 2] }))).toEqual({ type: 'Point', coordinates: [1, 2] });
  });
});
