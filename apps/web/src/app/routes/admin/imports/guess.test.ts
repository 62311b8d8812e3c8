import { describe, expect, it } from 'vitest';
import { guessNamedColumns, guessObjectColumns, guessObservationColumns, guessRelationColumns, headerKey, ID_HEADER } from './guess';

const cols = (...headers: string[]) => headers.map((header, index) => ({ index, header }));

describe('the id column', () => {
  it.each(['id', 'ID', 'name', 'Name', 'site id', 'SiteID', 'siteid', 'field_site_id', 'fieldsiteid', 'Field_Site_ID'])('is guessed from “%s”', (header) => {
    expect(ID_HEADER.test(header)).toBe(true);
  });
  it.each(['site name', 'identifier', 'title', 'ids', 'object id'])('is not guessed from “%s”', (header) => {
    expect(ID_HEADER.test(header)).toBe(false);
  });
});

describe('guessObjectColumns', () => {
  it('finds the id, title and coordinates, and sets locations when both are there', () => {
    expect(guessObjectColumns(cols('Site ID', 'Title', 'Elevation', 'Latitude', 'Longitude'))).toEqual({
      idColumn: 0,
      titleColumn: 1,
      latColumn: 3,
      lonColumn: 4,
      geometryColumn: null,
      setLocation: true,
    });
  });

  it('finds the geometry column of the catalogue’s own export, and sets locations from it', () => {
    const exported = cols('name', 'title', 'types', 'projects', 'parent', 'visibility', 'longitude', 'latitude', 'geometry', 'elevation');
    expect(guessObjectColumns(exported)).toEqual({ idColumn: 0, titleColumn: 1, latColumn: 7, lonColumn: 6, geometryColumn: 8, setLocation: true });
    expect(guessObjectColumns(cols('id', 'WKT'))).toMatchObject({ geometryColumn: 1, setLocation: true });
    expect(guessObjectColumns(cols('id', 'geometry notes'))).toMatchObject({ geometryColumn: null, setLocation: false });
  });

  it('takes a name as the title when the id is another column', () => {
    expect(guessObjectColumns(cols('id', 'name', 'lat', 'lng'))).toMatchObject({ idColumn: 0, titleColumn: 1, latColumn: 2, lonColumn: 3 });
  });

  it('does not take one column for two options', () => {
    expect(guessObjectColumns(cols('name', 'elevation'))).toMatchObject({ idColumn: 0, titleColumn: null });
  });

  it('prefers whole words for the coordinates (a plate is no latitude)', () => {
    expect(guessObjectColumns(cols('name', 'plate', 'site_lat', 'site_lon'))).toMatchObject({ latColumn: 2, lonColumn: 3 });
    expect(guessObjectColumns(cols('name', 'decimalLatitude', 'decimalLongitude'))).toMatchObject({ latColumn: 1, lonColumn: 2, setLocation: true });
  });

  it('sets no location with one coordinate only, and guesses nothing from headers that say nothing', () => {
    expect(guessObjectColumns(cols('Column 1', 'lat'))).toEqual({
      idColumn: null,
      titleColumn: null,
      latColumn: 1,
      lonColumn: null,
      geometryColumn: null,
      setLocation: false,
    });
  });
});

describe('guessRelationColumns', () => {
  it('finds the object and its site', () => {
    expect(guessRelationColumns(cols('name', 'site'))).toEqual({ idColumn: 0, relColumns: { site: 1 } });
    expect(guessRelationColumns(cols('Plot', 'Parent site', 'id'))).toEqual({ idColumn: 2, relColumns: { site: 1 } });
  });
});

describe('guessObservationColumns', () => {
  it('finds the object, the time, the note and a metric with its value', () => {
    expect(guessObservationColumns(cols('site', 'date', 'metric', 'value', 'Notes'))).toEqual({
      objectColumn: 0,
      timeColumn: 1,
      metricColumn: 2,
      valueColumn: 3,
      noteColumn: 4,
    });
  });

  it('leaves what it does not find empty', () => {
    expect(guessObservationColumns(cols('Object', 'Sampled at', 'soil-ph'))).toEqual({
      objectColumn: 0,
      timeColumn: null,
      metricColumn: null,
      valueColumn: null,
      noteColumn: null,
    });
  });
});

describe('guessNamedColumns', () => {
  const metrics = [
    { name: 'soil-ph', title: 'Soil pH' },
    { name: 'air-temperature', title: 'Air temperature' },
    { name: 'snow', title: null },
  ];

  it('maps columns named as a name or a title, whatever the case, spaces and dashes', () => {
    expect(guessNamedColumns(cols('site', 'date', 'Soil pH', 'AIR_TEMPERATURE', 'Snow', 'wind'), metrics)).toEqual({
      '2': 'soil-ph',
      '3': 'air-temperature',
      '4': 'snow',
    });
  });

  it('leaves taken and mapped columns alone, and maps a name once', () => {
    expect(guessNamedColumns(cols('snow', 'soil-ph', 'soil ph', 'snow'), metrics, new Set([0]), { '1': 'air-temperature' })).toEqual({
      '1': 'air-temperature',
      '2': 'soil-ph',
      '3': 'snow',
    });
  });

  it('compares headers by their letters and digits', () => {
    expect(headerKey('  Höhe (m) ')).toBe('höhem');
  });
});
