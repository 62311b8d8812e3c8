import { describe, expect, it } from 'vitest';
import { objectsKind, observationsKind, relationsKind } from './kinds';

const cols = (...headers: string[]) => headers.map((header, index) => ({ index, header }));
const TABLE = '0b7a3c1e-5d4f-4e2a-9c8b-7a6f5e4d3c2b';

describe('the object options', () => {
  const columns = cols('name', 'title', 'lat', 'lon', 'elevation');

  it('start from the schema’s defaults and the guesses from the headers', () => {
    expect(objectsKind.draft(columns, undefined)).toEqual({
      createObjs: true,
      idColumn: 0,
      titleColumn: 1,
      setLocation: true,
      latColumn: 2,
      lonColumn: 3,
      geometryColumn: null,
      mergeObjTypes: true,
      mergeProjects: true,
      mergeMetadata: true,
      objtypes: [],
      projects: [],
      metadataColumns: {},
    });
  });

  it('keep what the address holds (an id column taken away included), each bad field dropped alone', () => {
    const draft = objectsKind.draft(columns, {
      idColumn: null,
      titleColumn: 'two',
      objtypes: ['site'],
      metadataColumns: { '4': 'elevation', '9': 'gone' },
      lonColumn: 12,
    });
    expect(draft).toMatchObject({
      idColumn: null,
      titleColumn: null,
      objtypes: ['site'],
      metadataColumns: { '4': 'elevation' },
      lonColumn: null,
      setLocation: false,
    });
  });

  it('cannot preview a location without both coordinates or a geometry column', () => {
    expect(objectsKind.ready({ ...objectsKind.draft(columns, undefined), lonColumn: null }).problem).toMatch(/both the latitude and the longitude/);
    expect(objectsKind.ready({ ...objectsKind.draft(columns, undefined), latColumn: null, lonColumn: null }).problem).toMatch(/or the geometry column/);
    expect(objectsKind.ready({ ...objectsKind.draft(columns, undefined), latColumn: null, lonColumn: null, geometryColumn: 4 }).options).toBeTruthy();
    expect(objectsKind.ready(objectsKind.draft(columns, undefined)).options).toBeTruthy();
  });
});

describe('the relation options', () => {
  it('need an id column and a relation column', () => {
    const columns = cols('plot', 'parent');
    const draft = relationsKind.draft(columns, undefined);
    expect(draft).toEqual({ idColumn: null, relColumns: { site: 1 }, removeEmptyRels: false });
    expect(relationsKind.ready(draft).problem).toMatch(/id column/);
    expect(relationsKind.ready({ ...draft, idColumn: 0 }).options).toEqual({ idColumn: 0, relColumns: { site: 1 }, removeEmptyRels: false });
    expect(relationsKind.ready({ ...draft, idColumn: 0, relColumns: { site: null } }).problem).toMatch(/site/);
  });
});

describe('the observation options', () => {
  const columns = cols('site', 'date', 'soil-ph', 'note');

  it('take the project and table the address gives, and guess the columns', () => {
    const draft = observationsKind.draft(columns, { project: 'river', table: TABLE });
    expect(draft).toEqual({
      project: 'river',
      table: TABLE,
      objectColumn: 0,
      timeColumn: 1,
      layout: 'wide',
      metricColumns: {},
      metricColumn: null,
      valueColumn: null,
      noteColumn: 3,
    });
    expect(observationsKind.ready(draft).problem).toMatch(/metric of at least one column/);
  });

  it('choose the metric-and-value layout when the headers say so', () => {
    expect(observationsKind.draft(cols('object', 'time', 'metric', 'value'), undefined)).toMatchObject({ layout: 'long', metricColumn: 2, valueColumn: 3 });
  });

  it('send only the chosen layout’s columns, and not the layout', () => {
    const draft = { ...observationsKind.draft(columns, { project: 'river', table: TABLE }), metricColumns: { '2': 'soil-ph' }, metricColumn: 3 };
    expect(observationsKind.ready(draft).options).toEqual({
      project: 'river',
      table: TABLE,
      objectColumn: 0,
      timeColumn: 1,
      metricColumns: { '2': 'soil-ph' },
      metricColumn: null,
      valueColumn: null,
      noteColumn: 3,
    });
  });

  it('say what is missing first', () => {
    expect(observationsKind.ready(observationsKind.draft(columns, undefined)).problem).toBe('Choose the project.');
    expect(observationsKind.ready(observationsKind.draft(columns, { project: 'river', table: 'not-a-uuid' })).problem).toBe('Choose the data table.');
  });
});
