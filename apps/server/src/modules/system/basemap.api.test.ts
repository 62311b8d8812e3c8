import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, roles } from '../../db/schema/index.js';
import { loadConfig } from '../../config.js';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, testConfig, type TestApp } from '../../../test/harness.js';

/** A style on a host of its own: nothing is fetched from it here, the address is only named. */
const CUSTOM = 'https://maps.example.org/styles/field.json';
let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  user = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
});
afterAll(() => t.close());

const put = (body: unknown, token = admin.token, app = t.app) => api(app, 'PUT', '/admin/basemap', { token, body });
const mapOf = async (app = t.app) => (await api(app, 'GET', '/app/config')).json().map as { styleUrl: string | null; origins: string[]; keepOrigins: string[] };
const cspOf = async (app = t.app) => String((await api(app, 'GET', '/app/config')).headers['content-security-policy']);
const fieldsOf = (res: { json: () => { details?: { field: string }[] } }) => [...new Set((res.json().details ?? []).map((d) => d.field))];

describe('the basemap setting', () => {
  it('is off by default: the built-in background, no foreign host in the CSP', async () => {
    const state = await api(t.app, 'GET', '/admin/basemap', { token: admin.token });
    expect(state.json()).toEqual({ setting: { provider: 'none', styleUrl: null, origins: [] }, environmentStyleUrl: null });
    expect(await mapOf()).toMatchObject({ styleUrl: null, origins: [], keepOrigins: [] });
    expect(await cspOf()).not.toMatch(/https:/);
  });

  it('a provider chosen is drawn at once: its style in app/config, its hosts in the CSP; off again removes them; each change audited', async () => {
    const chosen = await put({ provider: 'openfreemap-positron' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().setting).toEqual({ provider: 'openfreemap-positron', styleUrl: null, origins: [] });
    // Its terms allow keeping its tiles offline.
    expect(await mapOf()).toMatchObject({
      styleUrl: 'https://tiles.openfreemap.org/styles/positron',
      origins: ['https://tiles.openfreemap.org'],
      keepOrigins: ['https://tiles.openfreemap.org'],
    });
    expect(await cspOf()).toMatch(/connect-src 'self' https:\/\/tiles\.openfreemap\.org(;|$)/);
    expect(await cspOf()).toMatch(/img-src 'self' data: blob: https:\/\/tiles\.openfreemap\.org(;|$)/);

    expect((await put({ provider: 'none' })).statusCode).toBe(200);
    expect(await mapOf()).toMatchObject({ styleUrl: null, origins: [] });
    expect(await cspOf()).not.toMatch(/openfreemap/);
    const entries = await t.database.use((d) => d.select().from(auditLog).where(eq(auditLog.action, 'setting.basemap')));
    expect(entries.map((e) => (e.after as { provider: string }).provider)).toEqual(expect.arrayContaining(['openfreemap-positron', 'none']));
  });

  it('a raster provider is drawn on a style this server answers, its tiles from the provider', async () => {
    await put({ provider: 'osm-standard' });
    const map = await mapOf();
    // Its tile usage policy forbids keeping tiles offline.
    expect(map).toMatchObject({ styleUrl: '/api/v1/basemaps/osm-standard/style.json', origins: ['https://tile.openstreetmap.org'], keepOrigins: [] });
    const style = await t.app.inject({ method: 'GET', url: map.styleUrl! });
    expect(style.statusCode).toBe(200);
    expect(style.json().sources.basemap).toMatchObject({
      type: 'raster',
      tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
      attribution: '© OpenStreetMap contributors',
    });
    expect((await api(t.app, 'GET', '/basemaps/openfreemap-liberty/style.json')).statusCode).toBe(404);
    expect((await api(t.app, 'GET', '/basemaps/nowhere/style.json')).statusCode).toBe(404);
    await put({ provider: 'none' });
  });

  it('a custom style admits its own host and the hosts named beside it', async () => {
    const res = await put({ provider: 'custom', styleUrl: CUSTOM, origins: ['https://fonts.example.net/'] });
    expect(res.json().setting).toEqual({ provider: 'custom', styleUrl: CUSTOM, origins: ['https://fonts.example.net'] });
    // Terms unknown: kept offline only where MAP_KEEP_ORIGINS names its host.
    expect(await mapOf()).toMatchObject({ styleUrl: CUSTOM, origins: ['https://maps.example.org', 'https://fonts.example.net'], keepOrigins: [] });
    // Another provider forgets the custom address.
    expect((await put({ provider: 'versatiles-colorful', styleUrl: CUSTOM })).json().setting).toEqual({
      provider: 'versatiles-colorful',
      styleUrl: null,
      origins: [],
    });
    await put({ provider: 'none' });
  });

  it('refuses what is not a basemap, naming the field, and changes nothing', async () => {
    await put({ provider: 'openfreemap-liberty' });
    const cases: [unknown, string[]][] = [
      [{ provider: 'google' }, ['body.provider']],
      [{}, ['body.provider']],
      [{ provider: 'custom' }, ['body.styleUrl']],
      [{ provider: 'custom', styleUrl: 'maps.example.org/style.json' }, ['body.styleUrl']],
      [{ provider: 'custom', styleUrl: 'javascript:alert(1)' }, ['body.styleUrl']],
      [{ provider: 'custom', styleUrl: CUSTOM, origins: ['https://fonts.example.net/path'] }, ['body.origins.0']],
    ];
    for (const [body, fields] of cases) {
      const res = await put(body);
      expect([res.statusCode, fieldsOf(res)], JSON.stringify(body)).toEqual([400, fields]);
    }
    expect((await mapOf()).styleUrl).toBe('https://tiles.openfreemap.org/styles/liberty');
    await put({ provider: 'none' });
  });

  it('needs sign-in, then manageSettings (Site Admin access alone is not enough)', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { provider: 'openfreemap-liberty' }],
    ] as const) {
      expect((await api(t.app, method, '/admin/basemap', { body })).statusCode).toBe(401);
      expect((await api(t.app, method, '/admin/basemap', { token: user.token, body })).statusCode).toBe(403);
    }
    expect((await mapOf()).styleUrl).toBeNull();
  });
});

describe('the basemap beside MAP_STYLE_URL and other processes', () => {
  it('MAP_STYLE_URL wins over the setting, and Site Admin is told so', async () => {
    const env = await startTestApp(
      {
        app: {
          ...testConfig().app,
          map: loadConfig({ MAP_STYLE_URL: 'https://tiles.example.org/style.json', MAP_KEEP_ORIGINS: 'https://tiles.example.org/' }).app.map,
        },
      },
      t.database,
    );
    try {
      await put({ provider: 'openfreemap-liberty' }, admin.token, env.app);
      expect((await api(env.app, 'GET', '/admin/basemap', { token: admin.token })).json()).toMatchObject({
        setting: { provider: 'openfreemap-liberty' },
        environmentStyleUrl: 'https://tiles.example.org/style.json',
      });
      // Its host is one whose terms allow keeping it offline (MAP_KEEP_ORIGINS); the setting's provider is not drawn, so not kept either.
      expect(await mapOf(env.app)).toMatchObject({
        styleUrl: 'https://tiles.example.org/style.json',
        origins: ['https://tiles.example.org'],
        keepOrigins: ['https://tiles.example.org'],
      });
      expect(await cspOf(env.app)).not.toMatch(/openfreemap/);
    } finally {
      await put({ provider: 'none' }, admin.token, env.app);
      await env.close();
    }
  });

  it('a process sharing the database draws the new basemap within its cache time, without a restart', async () => {
    const other = await startTestApp({ settingsCacheMs: 200 }, t.database);
    try {
      expect((await mapOf(other.app)).styleUrl).toBeNull();
      await put({ provider: 'openfreemap-liberty' });
      await vi.waitFor(async () => expect(await cspOf(other.app)).toMatch(/connect-src 'self' https:\/\/tiles\.openfreemap\.org/), {
        timeout: 5000,
        interval: 100,
      });
      expect((await mapOf(other.app)).styleUrl).toBe('https://tiles.openfreemap.org/styles/liberty');
    } finally {
      await put({ provider: 'none' });
      await other.close();
    }
  });
});

describe('an installation from before the basemap setting', () => {
  it('gives its Administrator role manageSettings when migrated', async () => {
    const migration = fs.readFileSync(new URL('../../db/migrations/0031_administrators_manage_settings.sql', import.meta.url), 'utf8');
    const held = async () => (await t.database.use((d) => d.select().from(roles).where(eq(roles.slug, 'administrator'))))[0]!.permissions;
    await t.database.use((d) => d.execute(sql`update roles set permissions = array_remove(permissions, 'manageSettings') where slug = 'administrator'`));
    expect(await held()).not.toContain('manageSettings');
    await t.database.use((d) => d.execute(sql.raw(migration)));
    await t.database.use((d) => d.execute(sql.raw(migration))); // once only
    expect((await held()).filter((p) => p === 'manageSettings')).toEqual(['manageSettings']);
  });
});
