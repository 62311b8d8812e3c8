import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/harness.js';

type Response = { headers?: Record<string, unknown> };
type Spec = { paths: Record<string, Record<string, { responses: Record<string, Response> }>> };

let t: TestApp;
let spec: Spec;
beforeAll(async () => {
  t = await startTestApp();
  spec = (await api(t.app, 'GET', '/openapi.json')).json();
}, 120_000);
afterAll(() => t.close());

const declared = (path: string, status = '200', method = 'get') =>
  Object.keys(spec.paths[path]![method]!.responses[status]!.headers ?? {}).map((name) => name.toLowerCase());

describe('response headers', () => {
  it.each(['/api/v1/projects', '/api/v1/pubs'])('of the list %s are declared and sent', async (path) => {
    const res = await api(t.app, 'GET', path.replace('/api/v1', ''));
    expect(declared(path)).toEqual(expect.arrayContaining(['pagination-page', 'pagination-count', 'pagination-limit', 'link', 'etag']));
    for (const name of declared(path)) expect(res.headers, name).toHaveProperty(name);
  });

  it('of a detail carry no pagination', () => {
    expect(declared('/api/v1/projects/{id}')).not.toContain('pagination-page');
    expect(declared('/api/v1/projects/{id}')).toContain('etag');
  });

  it('Content-Disposition is declared on every download, and sent', async () => {
    const downloads = Object.entries(spec.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.responses['200']?.headers?.['Content-Disposition'])
        .map(([method]) => `${method} ${path}`),
    );
    expect(downloads.sort()).toEqual(
      [
        'get /api/v1/assets/{id}/{variant}',
        'get /api/v1/data/obj',
        'get /api/v1/files/{versionId}',
        'get /api/v1/projects/{id}/datatables/{table}/observations.csv',
        'get /api/v1/projects/{id}/datatables/{table}/observations.xlsx',
        'get /api/v1/pubs/export',
        'get /api/v1/pubs/{id}/export',
        'post /api/v1/sandbox/export',
      ].sort(),
    );
    for (const query of ['/pubs/export?format=bibtex', '/data/obj?format=csv', '/data/obj?all=1&format=geojson']) {
      expect((await api(t.app, 'GET', query)).headers['content-disposition'], query).toMatch(/^attachment; filename=/);
    }
    expect((await api(t.app, 'POST', '/sandbox/export?format=csv', { body: {} })).headers['content-disposition']).toMatch(/^attachment; filename=/);
  });

  it('Retry-After is declared on the error ranges', () => {
    expect(declared('/api/v1/projects', '4XX')).toContain('retry-after');
    expect(declared('/api/v1/projects', '5XX')).toContain('retry-after');
  });
});

describe('media types', () => {
  it('of the map are the GeoJSON it sends', () => {
    expect(Object.keys((spec.paths['/api/v1/data/map']!.get!.responses['200'] as { content: object }).content)).toEqual(['application/geo+json']);
  });
});
