import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('object types', () => {
  it('are seeded and readable by everyone, with their marker style and metadata schema', async () => {
    const res = await api(t.app, 'GET', '/data/objtypes');
    expect(res.statusCode).toBe(200);
    const types = res.json().types;
    expect(types.map((x: { slug: string; marker: string }) => [x.slug, x.marker])).toEqual([
      ['property', 'default'],
      ['site', 'mini'],
      ['vegetation-plot', 'veg'],
      ['soil-plot', 'soil'],
    ]);
    const site = await api(t.app, 'GET', '/data/objtypes/site');
    expect(site.json().type.metadataSchema.properties.elevation).toMatchObject({ type: 'number', 'x-unit': 'm' });
    // Forms and pages show the fields in the order the schema lists them.
    expect(Object.keys(site.json().type.metadataSchema.properties)).toEqual(['elevation', 'habitat', 'siteCode']);
  });

  it('answers 404 for an unknown type and 400 for a malformed slug', async () => {
    expect((await api(t.app, 'GET', '/data/objtypes/no-such-type')).statusCode).toBe(404);
    const bad = await api(t.app, 'GET', '/data/objtypes/Not_A_Slug');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('params.slug');
  });
});
