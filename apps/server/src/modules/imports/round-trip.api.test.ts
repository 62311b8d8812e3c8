import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeoObject } from '@observatory/shared';
import { buildMetadataSchema, buildObject, buildObjectType, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, upload, type TestApp } from '../../../test/harness.js';
import { parseCsv } from '../../lib/csv.js';

/**
 * The catalogue's own export, imported again, changes nothing: the NEON domains' polygons
 * and multipolygons (and all of them as one FeatureCollection), points, an object without a
 * location, text a spreadsheet would run as a formula, quotes, commas and line breaks,
 * typed metadata; as CSV (the formula guard on) and as XLSX.
 */

let t: TestApp;
let curator: TestUser;
let type: { slug: string };
let made: GeoObject[];

const DOMAINS = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/neon_domains.geojson'), 'utf8')) as {
  type: 'FeatureCollection';
  features: { geometry: { type: string; coordinates: unknown }; properties: { DomainID: number; DomainName: string; Shape_Leng: number } }[];
};

const TRICKY = ['=HYPERLINK("http://evil.example")', '-2', '+49 30 1234', '@home', "'=already guarded", 'a, "quoted"\nnext line', 'Zürich – Ørsted'];

beforeAll(async () => {
  t = await startTestApp();
  curator = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  const project = await buildProject(t.app, curator);
  const schema = await buildMetadataSchema(t.app, curator, {
    schema: {
      type: 'object',
      properties: {
        domain: { type: 'integer' },
        length: { type: 'number' },
        surveyed: { type: 'boolean' },
        since: { type: 'string', format: 'date' },
        note: { type: 'string' },
      },
    },
  });
  type = await buildObjectType(t.app, curator, { metadata_schemas: [schema.slug] });
  const base = { types: [type.slug], projects: [project.slug] };
  made = [];
  for (const [i, { geometry, properties }] of DOMAINS.features.entries()) {
    const geo = geometry as never;
    const metadata = { domain: properties.DomainID, length: properties.Shape_Leng, note: properties.DomainName };
    made.push(await buildObject(t.app, curator, { ...base, name: unique(`neon-d${i}-`), title: `${properties.DomainName} ${i}`, geo, metadata }));
  }
  made.push(await buildObject(t.app, curator, { ...base, name: unique('neon-all-'), title: 'NEON domains, all', geo: DOMAINS as never }));
  for (const [i, note] of TRICKY.entries()) {
    made.push(
      await buildObject(t.app, curator, {
        ...base,
        name: unique(`plot-${i}-`),
        title: `Plot "${i}", north`,
        geo: { type: 'Point', coordinates: [-105.546 + i / 100, 40.059] },
        metadata: { note, surveyed: i % 2 === 0, since: '2021-05-01', length: -12.5 },
      }),
    );
  }
  made.push(await buildObject(t.app, curator, { ...base, name: unique('nowhere-'), title: 'No location', metadata: { note: '=1+1' } }));
}, 120_000);
afterAll(() => t.close());

const exported = async (format: 'csv' | 'xlsx') => {
  const res = await api(t.app, 'GET', `/data/obj?type=${type.slug}&limit=1000&format=${format}`, { token: curator.token });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.rawPayload;
};

/** The import's options for a file of the objects export, from its header: every column read back. */
function optionsFor(header: string[]) {
  const column = (name: string) => header.indexOf(name);
  const fields = header.slice(column('geometry') + 1);
  return {
    createObjs: false,
    idColumn: column('name'),
    titleColumn: column('title'),
    setLocation: true,
    latColumn: column('latitude'),
    lonColumn: column('longitude'),
    geometryColumn: column('geometry'),
    metadataColumns: Object.fromEntries(fields.map((f) => [String(column(f)), f])),
  };
}

async function previewOf(file: Buffer, fileName: string, header: string[]) {
  const session = await upload(t.app, 'POST', '/data/import/sessions', { token: curator.token, file: { data: file, fileName } });
  expect(session.statusCode, session.body.slice(0, 300)).toBe(201);
  const body = { session: session.json().session.id, options: optionsFor(header) };
  const res = await api(t.app, 'POST', '/data/import/objects/preview', { token: curator.token, body });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return res.json();
}

describe('the objects export imported again', () => {
  it('as CSV (formula guard on): every object unchanged, polygons included', async () => {
    const csv = await exported('csv');
    const [header, ...rows] = parseCsv(csv.toString('utf8'));
    expect(header!.slice(0, 9)).toEqual(['name', 'title', 'types', 'projects', 'parent', 'visibility', 'longitude', 'latitude', 'geometry']);
    expect(rows).toHaveLength(made.length);
    // The guard is there: a note that starts with = is written with a ' before it.
    expect(rows.map((r) => r[header!.indexOf('note')])).toContain('\'=HYPERLINK("http://evil.example")');
    const preview = await previewOf(csv, 'objects.csv', header!);
    expect(preview.records.filter((r: { operation: string }) => r.operation !== 'none').slice(0, 3)).toEqual([]);
    expect(preview.stats).toMatchObject({ unchanged: made.length, updated: 0, created: 0, errors: 0 });
  });

  it('as XLSX: every object unchanged, polygons included', async () => {
    const xlsx = await exported('xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as unknown as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as string[]).slice(1);
    expect(book.worksheets[0]!.rowCount).toBe(made.length + 1);
    const preview = await previewOf(xlsx, 'objects.xlsx', header);
    expect(preview.records.filter((r: { operation: string }) => r.operation !== 'none').slice(0, 3)).toEqual([]);
    expect(preview.stats).toMatchObject({ unchanged: made.length, updated: 0, created: 0, errors: 0 });
  });
});

describe('the geometry column of an object import', () => {
  const post = (body: unknown) => api(t.app, 'POST', '/data/import/objects/preview', { token: curator.token, body });
  const options = { idColumn: 0, titleColumn: 1, setLocation: true, geometryColumn: 2 };

  it('takes GeoJSON text and WKT, and names the row and column of a cell that is neither, or not a valid shape', async () => {
    const records = [
      ['wkt-1', 'A polygon in WKT', 'POLYGON ((8 47, 8.1 47, 8.1 47.1, 8 47.1, 8 47))'],
      ['json-1', 'A point as GeoJSON', '{"type":"Point","coordinates":[8.2,47.2]}'],
      ['bad-1', 'Neither', 'near the old mill'],
      ['bad-2', 'A bow tie', 'POLYGON ((0 0, 1 1, 1 0, 0 1, 0 0))'],
      ['none-1', 'No location', ''],
    ];
    const res = await post({ records, options: { ...options, objtypes: [type.slug] } });
    expect(res.statusCode, res.body).toBe(200);
    const byName = Object.fromEntries(res.json().records.map((r: { name: string }) => [r.name, r]));
    expect(byName['wkt-1']).toMatchObject({
      status: 'ok',
      after: {
        geo: {
          type: 'Polygon',
          coordinates: [
            [
              [8, 47],
              [8.1, 47],
              [8.1, 47.1],
              [8, 47.1],
              [8, 47],
            ],
          ],
        },
      },
    });
    expect(byName['json-1']).toMatchObject({ status: 'ok', after: { geo: { type: 'Point', coordinates: [8.2, 47.2] } } });
    expect(byName['bad-1']).toMatchObject({
      row: 4,
      status: 'error',
      errors: [{ column: 2, message: '“near the old mill” is neither GeoJSON nor WKT: “near” is not a WKT geometry type' }],
    });
    expect(byName['bad-2']).toMatchObject({
      row: 5,
      status: 'error',
      errors: [{ column: 2, message: expect.stringMatching(/^The geometry is not valid: Self-intersection/) }],
    });
    expect(byName['none-1']).toMatchObject({ status: 'ok', after: { geo: null } });
  });

  it('a commit with such a cell is refused, naming its row and column, and writes nothing', async () => {
    const name = unique('refused-');
    const res = await api(t.app, 'POST', '/data/import/objects', {
      token: curator.token,
      body: { records: [[name, 'Refused', 'LINESTRING (0 0)']], options: { ...options, objtypes: [type.slug] } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toEqual({ field: 'records.2.2', message: expect.stringMatching(/^Row 2: Not a geometry the catalogue takes: /) });
    expect((await api(t.app, 'GET', `/data/obj/${name}`, { token: curator.token })).statusCode).toBe(404);
  });

  it('needs a column to set locations from, and a column the file has', async () => {
    const records = [['x', 'X', '']];
    const refused = async (extra: object, field: string) => {
      const res = await post({ records, options: { idColumn: 0, titleColumn: 1, objtypes: [type.slug], ...extra } });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    };
    await refused({ setLocation: true }, 'body.options.latColumn');
    await refused({ setLocation: true, latColumn: 2 }, 'body.options.lonColumn');
    await refused({ setLocation: true, geometryColumn: 5 }, 'body.options.geometryColumn');
  });
});
