import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR, loadConfig, mapOrigins } from './config.js';
import { BUILTIN_OBJECT_TYPES } from './db/seed/object-types.js';

describe('loadConfig', () => {
  it('has defaults that serve the embedded database on port 3000 with demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toMatchObject({ url: null, dataDir: path.join(ROOT_DIR, 'data'), queueTimeoutMs: 10_000 });
    expect(config.seedDemo).toBe(true);
    expect(config.argon2).toEqual({ memoryCost: 19_456, timeCost: 2 });
  });

  it('turns demo data off by default on a PostgreSQL server', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/observatory' });
    expect(config.database.dataDir).toBeNull();
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', SEED_DEMO: 'on' }).seedDemo).toBe(true);
  });

  it('reads header links and the map view', () => {
    const config = loadConfig({ HEADER_LINKS: 'Portal|https://p.example.org, Wiki|/doc/wiki', MAP_CENTER: '8.5,46.8', MAP_ZOOM: '7' });
    expect(config.app.headerLinks).toEqual([
      { label: 'Portal', url: 'https://p.example.org' },
      { label: 'Wiki', url: '/doc/wiki' },
    ]);
    expect(config.app.map).toMatchObject({ center: [8.5, 46.8], zoom: 7 });
  });

  it('has no map style by default (the plain background needs no network) and reads map views', () => {
    expect(loadConfig({}).app.map.styleUrl).toBeNull();
    const defaults = loadConfig({}).app.map.views;
    expect(defaults.map((v) => v.name)).toEqual(['properties', 'plots', 'all']);
    // Sites shows sites; every built-in type is on a view, and "All objects" shows every type.
    expect(defaults[0]).toMatchObject({ title: 'Sites', types: ['property', 'site'] });
    for (const type of BUILTIN_OBJECT_TYPES)
      expect(
        defaults.some((v) => v.types.includes(type.slug)),
        type.slug,
      ).toBe(true);
    expect(defaults.at(-1)).toMatchObject({ title: 'All objects', types: [] });
    const views = loadConfig({ MAP_VIEWS: '[{"name":"lakes","title":"Lakes","types":["lake"],"extent":[5,45,11,48]}]' }).app.map.views;
    expect(views).toEqual([{ name: 'lakes', title: 'Lakes', types: ['lake'], extent: [5, 45, 11, 48] }]);
    expect(() => loadConfig({ MAP_VIEWS: 'lakes' })).toThrow(/MAP_VIEWS is not JSON/);
    expect(() => loadConfig({ MAP_VIEWS: '[{"name":"Big Lakes","title":"x","types":[]}]' })).toThrow(/MAP_VIEWS: 0\.name/);
  });

  it('takes MAP_STYLE_URL as an http(s) URL, MAP_EXTRA_ORIGINS and MAP_KEEP_ORIGINS as origins alone, naming a bad value', () => {
    const config = loadConfig({
      MAP_STYLE_URL: 'https://tiles.example.org/styles/liberty',
      MAP_EXTRA_ORIGINS: 'https://fonts.example.net, http://Sprites.example.net:8080/',
    });
    expect(config.app.map.styleUrl).toBe('https://tiles.example.org/styles/liberty');
    expect(config.app.map.origins).toEqual(['https://tiles.example.org', 'https://fonts.example.net', 'http://sprites.example.net:8080']);
    expect(loadConfig({ MAP_STYLE_URL: '' }).app.map.styleUrl).toBeNull();
    for (const bad of ['tiles.example.org/style.json', '/styles/liberty.json', 'ftp://tiles.example.org/style.json', 'javascript:alert(1)']) {
      expect(() => loadConfig({ MAP_STYLE_URL: bad }), bad).toThrow(/MAP_STYLE_URL must be an http or https URL/);
    }
    for (const bad of [
      'https://fonts.example.net/glyphs',
      'fonts.example.net',
      'wss://fonts.example.net',
      'https://fonts.example.net?x=1',
      'https://user@fonts.example.net',
    ]) {
      expect(() => loadConfig({ MAP_STYLE_URL: 'https://tiles.example.org/s', MAP_EXTRA_ORIGINS: bad }), bad).toThrow(
        /MAP_EXTRA_ORIGINS takes http or https origins/,
      );
    }
    expect(loadConfig({ MAP_KEEP_ORIGINS: 'https://Tiles.example.org/, http://10.0.0.5:8080' }).app.map.keepOrigins).toEqual([
      'https://tiles.example.org',
      'http://10.0.0.5:8080',
    ]);
    expect(loadConfig({}).app.map.keepOrigins).toEqual([]);
    expect(() => loadConfig({ MAP_KEEP_ORIGINS: 'https://tiles.example.org/tiles' })).toThrow(/MAP_KEEP_ORIGINS takes http or https origins/);
    expect(() => loadConfig({ MAP_VIEWS: '[{"name":"lakes","title":"Lakes","types":[],"styleUrl":"lakes.json"}]' })).toThrow(
      /MAP_VIEWS: 0\.styleUrl must be an http or https URL/,
    );
  });

  it('names the hosts the maps load from: the styles’ origins and the extra ones, none without a style or on this site', () => {
    const views = [
      { name: 'lakes', title: 'Lakes', types: [], styleUrl: 'https://lakes.example.org/style.json' },
      { name: 'plots', title: 'Plots', types: [], styleUrl: null },
    ];
    expect(mapOrigins({ styleUrl: null, views: [] }, ['https://fonts.example.net'])).toEqual([]);
    expect(mapOrigins({ styleUrl: 'https://tiles.example.org/a.json', views }, ['https://fonts.example.net', 'https://tiles.example.org'])).toEqual([
      'https://tiles.example.org',
      'https://lakes.example.org',
      'https://fonts.example.net',
    ]);
    expect(mapOrigins({ styleUrl: null, views }, [])).toEqual(['https://lakes.example.org']);
    expect(mapOrigins({ styleUrl: 'https://maps.example.org/style.json', views: [] }, [], 'https://maps.example.org')).toEqual([]);
    expect(
      loadConfig({ PUBLIC_URL: 'https://catalogue.example.org', MAP_STYLE_URL: 'https://catalogue.example.org/styles/basic.json' }).app.map.origins,
    ).toEqual([]);
    expect(loadConfig({ MAP_EXTRA_ORIGINS: 'https://fonts.example.net' }).app.map.origins).toEqual([]);
  });

  it('keeps uploaded files in DATA_DIR/files, with or without a database server, unless STORAGE_DIR says otherwise', () => {
    expect(loadConfig({}).storage).toEqual({ dir: path.join(ROOT_DIR, 'data/files'), s3: null });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', DATA_DIR: '/srv/observatory' }).storage.dir).toBe('/srv/observatory/files');
    expect(loadConfig({ STORAGE_DIR: 'uploads' }).storage.dir).toBe(path.join(ROOT_DIR, 'uploads'));
    expect(loadConfig({}).images).toEqual({ maxBytes: 26_214_400, maxPixels: 50_000_000 });
  });

  it('uses S3-compatible storage when a bucket is set; keys go in pairs', () => {
    const config = loadConfig({
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage.s3).toEqual({
      bucket: 'files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'files' }).storage.s3).toMatchObject({ endpoint: null, credentials: null, forcePathStyle: false });
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });

  it('trusts no proxy by default, and then a number of hops or named addresses, never every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
    for (const bad of ['true', 'yes', '10.0.0.0/33', '300.1.2.3', 'proxy.local'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY takes the number of proxies/);
  });

  it('gives no site credentials by default, then the origins of CORS_ORIGINS, naming a bad one', () => {
    expect(loadConfig({}).cors).toEqual({ credentialedOrigins: [] });
    expect(loadConfig({ CORS_ORIGINS: 'https://Maps.example.org, http://localhost:8080/,https://maps.example.org' }).cors.credentialedOrigins).toEqual([
      'https://maps.example.org',
      'http://localhost:8080',
    ]);
    for (const bad of ['*', 'maps.example.org', 'https://maps.example.org/notebook', 'ftp://maps.example.org', 'https://user@maps.example.org']) {
      expect(() => loadConfig({ CORS_ORIGINS: `https://ok.example.org,${bad}` }), bad).toThrow(
        new RegExp(`CORS_ORIGINS takes http or https origins .*not "${bad.replace(/[.*/]/g, '\\$&')}"`),
      );
    }
  });

  it('lets shortlinks lead to no other host by default, then to the host names of SHORTLINK_HOSTS, naming a bad one', () => {
    expect(loadConfig({}).shortlinks).toEqual({ hosts: [] });
    expect(loadConfig({ SHORTLINK_HOSTS: ' ' }).shortlinks.hosts).toEqual([]);
    expect(loadConfig({ SHORTLINK_HOSTS: 'Example.ORG, docs.example.net.,example.org,127.0.0.1' }).shortlinks.hosts).toEqual([
      'example.org',
      'docs.example.net',
      '127.0.0.1',
    ]);
    for (const bad of [
      'https://example.org',
      'example.org/path',
      'example.org:8443',
      'user@example.org',
      '*.example.org',
      'exa mple.org',
      '-x.org',
      '300.1.2.3',
    ])
      expect(() => loadConfig({ SHORTLINK_HOSTS: `example.net,${bad}` }), bad).toThrow(/SHORTLINK_HOSTS takes host names/);
  });

  it('decodes one image at a time unless IMAGE_CONCURRENCY says more, leaving two of libuv’s pool threads to the rest', () => {
    expect(loadConfig({}).imageConcurrency).toBe(1);
    expect(loadConfig({ IMAGE_CONCURRENCY: '2' }).imageConcurrency).toBe(2);
    expect(() => loadConfig({ IMAGE_CONCURRENCY: '3' })).toThrow(/IMAGE_CONCURRENCY: at most UV_THREADPOOL_SIZE - 2 \(2\)/);
    expect(loadConfig({ IMAGE_CONCURRENCY: '3', UV_THREADPOOL_SIZE: '5' }).imageConcurrency).toBe(3);
    expect(() => loadConfig({ IMAGE_CONCURRENCY: '0' })).toThrow(/IMAGE_CONCURRENCY/);
  });

  it('lets a user upload 60 images every 10 minutes unless IMAGE_RATE_LIMIT_* say otherwise', () => {
    expect(loadConfig({}).imageRateLimit).toEqual({ perUser: 60, windowMs: 600_000 });
    expect(loadConfig({ IMAGE_RATE_LIMIT_PER_USER: '5', IMAGE_RATE_LIMIT_WINDOW_S: '60' }).imageRateLimit).toEqual({ perUser: 5, windowMs: 60_000 });
    expect(() => loadConfig({ IMAGE_RATE_LIMIT_PER_USER: '0' })).toThrow(/IMAGE_RATE_LIMIT_PER_USER/);
  });

  it('bounds sessions not kept signed in: 12 hours idle, 7 days in all, unless set', () => {
    expect(loadConfig({}).sessions).toEqual({ idleMs: 12 * 3_600_000, maxMs: 7 * 86_400_000 });
    expect(loadConfig({ SESSION_IDLE_HOURS: '2', SESSION_MAX_DAYS: '1' }).sessions).toEqual({ idleMs: 2 * 3_600_000, maxMs: 86_400_000 });
  });

  it('fails fast naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', MAP_CENTER: '500,1', ADMIN_PASSWORD: 'short' })).toThrow(
      /PORT[\s\S]*ADMIN_PASSWORD[\s\S]*MAP_CENTER|PORT[\s\S]*MAP_CENTER[\s\S]*ADMIN_PASSWORD/,
    );
  });
});
