import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { api, openTestDatabase, startTestApp, testConfig } from '../test/harness.js';
import type { Database } from './db/client.js';

/** The Content-Security-Policy as directive name → sources. */
function policy(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = String(header)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((parts) => parts[0]);
  return new Map(directives.map(([name, ...sources]) => [name!, sources]));
}

/** A CSP source that is neither a keyword ('self'), nor a scheme of local data. */
const foreign = (sources: string[] = []) => sources.filter((s) => !s.startsWith("'") && s !== 'data:' && s !== 'blob:');

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function cspWith(env: NodeJS.ProcessEnv) {
  const t = await startTestApp({ app: { ...testConfig().app, map: loadConfig(env).app.map } }, database);
  try {
    const res = await api(t.app, 'GET', '/app/config');
    return { csp: policy(res.headers['content-security-policy']), raw: String(res.headers['content-security-policy']), config: res.json() };
  } finally {
    await t.close();
  }
}

describe('the Content-Security-Policy', () => {
  it('admits no foreign host without a map style', async () => {
    const { csp, raw, config } = await cspWith({ MAP_EXTRA_ORIGINS: 'https://fonts.example.net' });
    expect(raw).not.toContain('https:');
    expect(raw).not.toContain('example');
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    for (const [name, sources] of csp) expect(foreign(sources), name).toEqual([]);
    expect(config.map).toMatchObject({ styleUrl: null, origins: [] });
  });

  it('admits the style’s origin and MAP_EXTRA_ORIGINS for fetches and images, and nothing else foreign', async () => {
    const { csp, config } = await cspWith({ MAP_STYLE_URL: 'https://tiles.example.org/styles/liberty', MAP_EXTRA_ORIGINS: 'https://fonts.example.net' });
    const hosts = ['https://tiles.example.org', 'https://fonts.example.net'];
    expect(csp.get('connect-src')).toEqual(["'self'", ...hosts]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...hosts]);
    for (const [name, sources] of csp) if (name !== 'connect-src' && name !== 'img-src') expect(foreign(sources), name).toEqual([]);
    expect(config.map).toMatchObject({ styleUrl: 'https://tiles.example.org/styles/liberty', origins: hosts });
  });

  it('admits a view’s own style host too', async () => {
    const { csp } = await cspWith({ MAP_VIEWS: '[{"name":"lakes","title":"Lakes","types":[],"styleUrl":"https://lakes.example.org/style.json"}]' });
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://lakes.example.org']);
  });
});
