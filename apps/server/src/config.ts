import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { MapViewSchema, type AppConfig, type MapView } from '@observatory/shared';

const bool = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'on', 'yes'].includes(v)));

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const headerLinks = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (!raw?.trim()) return [];
    // "Label|https://url, Other|/path"
    return raw.split(',').flatMap((pair) => {
      const [label, url] = pair.split('|').map((s) => s.trim());
      if (!label || !url) {
        ctx.addIssue({ code: 'custom', message: `HEADER_LINKS entry "${pair}" is not "Label|URL"` });
        return [];
      }
      return [{ label, url }];
    });
  });

const lonLat = z
  .string()
  .default('10.0,50.0')
  .transform((raw, ctx) => {
    const [lon, lat] = raw.split(',').map(Number);
    if (lon === undefined || lat === undefined || !(Math.abs(lon) <= 180) || !(Math.abs(lat) <= 90)) {
      ctx.addIssue({ code: 'custom', message: 'MAP_CENTER must be "longitude,latitude"' });
      return [0, 0] as [number, number];
    }
    return [lon, lat] as [number, number];
  });

/** An address or a CIDR block (10.0.0.0/8, fd00::/8). */
function isAddressOrBlock(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off by default; the number of proxies in front of the server (hops), or
 * their addresses and CIDR blocks, comma-separated. Never "every hop": a client could then
 * name any address it likes in X-Forwarded-For and escape the per-address limits.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = raw?.trim().toLowerCase() ?? '';
    if (['', '0', 'false', 'off', 'no'].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const wrong = list.filter((a) => !isAddressOrBlock(a));
    if (wrong.length) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY takes the number of proxies in front (e.g. 1) or their addresses or CIDR blocks, not "${wrong.join(', ')}"`,
      });
      return false;
    }
    return list;
  });

/** A URL the browser fetches from: http or https, absolute. */
function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
}

/** An origin alone: scheme, host and an optional port, no path, query or credentials ("https://fonts.example.net"). */
function isHttpOrigin(value: string): boolean {
  if (!isHttpUrl(value) || /[?#]/.test(value)) return false;
  const url = new URL(value);
  return url.pathname === '/' && !url.username && !url.password;
}

/** MAP_STYLE_URL: opt-in; unset or empty, the maps use the built-in style, which needs no network. */
const mapStyleUrl = z
  .string()
  .optional()
  .transform((raw, ctx): string | null => {
    const value = raw?.trim() ?? '';
    if (!value) return null;
    if (!isHttpUrl(value)) ctx.addIssue({ code: 'custom', message: `MAP_STYLE_URL must be an http or https URL, not "${value}"` });
    return value;
  });

/** A setting of comma-separated http(s) origins, each kept as its origin, once. */
const originList = (name: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): string[] => {
      const list = (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const wrong = list.filter((o) => !isHttpOrigin(o));
      if (wrong.length) {
        ctx.addIssue({ code: 'custom', message: `${name} takes http or https origins (scheme, host and port, no path), not "${wrong.join(', ')}"` });
        return [];
      }
      return [...new Set(list.map((o) => new URL(o).origin))];
    });

/**
 * MAP_EXTRA_ORIGINS: further hosts a map style loads from (tiles, glyphs, sprites on
 * another origin than the style's), comma-separated origins such as https://fonts.example.net.
 */
const extraOrigins = originList('MAP_EXTRA_ORIGINS');

/**
 * MAP_KEEP_ORIGINS: hosts of map styles whose terms allow keeping their tiles on a device
 * for use offline (a tile server of your own), comma-separated origins. An offered
 * provider that allows it (basemaps.ts) counts without being named.
 */
const keepOrigins = originList('MAP_KEEP_ORIGINS');

/**
 * CORS_ORIGINS: the sites whose pages may call the API with credentials (the exact origin is
 * echoed with Access-Control-Allow-Credentials), comma-separated origins such as
 * https://maps.example.org. Empty by default: every site reads public data without credentials.
 */
const corsOrigins = originList('CORS_ORIGINS');

/**
 * The hosts other than this site (ownOrigin) that the maps load from: the origins of the
 * site-wide style and of each view's own, then the extra origins. None without a style:
 * the built-in one loads nothing from elsewhere. The CSP admits these, and the privacy page names them.
 */
export function mapOrigins(map: { styleUrl: string | null; views: MapView[] }, extra: string[], ownOrigin: string | null = null): string[] {
  const styles = [map.styleUrl, ...map.views.map((v) => v.styleUrl)].filter((u): u is string => !!u);
  if (!styles.length) return [];
  const origins = [...styles.map((u) => new URL(u).origin), ...extra.map((o) => new URL(o).origin)];
  return [...new Set(origins)].filter((o) => o !== ownOrigin);
}

const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?$/i;

/** A host name as a browser reads it (lower case, an address's numbers in their usual form, no final dot), or null. */
function hostName(value: string): string | null {
  if (!HOST_NAME.test(value) || !URL.canParse(`http://${value}/`)) return null;
  return new URL(`http://${value}/`).hostname.replace(/\.$/, '');
}

/**
 * SHORTLINK_HOSTS: the hosts other than this site that shortlinks may send visitors to,
 * comma-separated host names (example.org, docs.example.net: no scheme, port or path; each
 * names that host alone, not its subdomains). Empty by default: shortlinks lead only to
 * this site.
 */
const shortlinkHosts = z
  .string()
  .optional()
  .transform((raw, ctx): string[] => {
    const list = (raw ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const wrong = list.filter((h) => hostName(h) === null);
    if (wrong.length) {
      ctx.addIssue({ code: 'custom', message: `SHORTLINK_HOSTS takes host names such as example.org (no scheme, port or path), not "${wrong.join(', ')}"` });
      return [];
    }
    return [...new Set(list.map((h) => hostName(h)!))];
  });

/**
 * The map views shipped by default: /map/properties is the navbar's Sites, showing the
 * site-like types; every type is on at least one view ("All objects" shows every type, those
 * an administrator adds later included).
 */
export const DEFAULT_MAP_VIEWS: MapView[] = [
  { name: 'properties', title: 'Sites', types: ['property', 'site'] },
  { name: 'plots', title: 'Plots', types: ['vegetation-plot', 'soil-plot'] },
  { name: 'all', title: 'All objects', types: [] },
];

/** MAP_VIEWS: a JSON array of views ({name, title, types, styleUrl?, extent?}), replacing the defaults. */
const mapViews = z
  .string()
  .optional()
  .transform((raw, ctx): MapView[] => {
    if (!raw?.trim()) return DEFAULT_MAP_VIEWS;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'MAP_VIEWS is not JSON' });
      return [];
    }
    const views = z.array(MapViewSchema).safeParse(parsed);
    if (!views.success) {
      ctx.addIssue({ code: 'custom', message: `MAP_VIEWS: ${views.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}` });
      return [];
    }
    const badStyles = views.data.flatMap((v, i) =>
      v.styleUrl && !isHttpUrl(v.styleUrl) ? [`${i}.styleUrl must be an http or https URL, not "${v.styleUrl}"`] : [],
    );
    if (badStyles.length) {
      ctx.addIssue({ code: 'custom', message: `MAP_VIEWS: ${badStyles.join('; ')}` });
      return [];
    }
    return views.data;
  });

/** Every environment variable the server reads, with its default. README's table mirrors this. */
const EnvSchema = z.object({
  PORT: int(3000, 0),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DB_POOL_SIZE: int(10, 1),
  DB_QUEUE_TIMEOUT_MS: int(10_000, 1),
  STORAGE_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  // 25 MB: a 48 MP phone JPEG is often over 10 MB (12.6 MB at quality 90, docs/operations.md).
  IMAGE_MAX_BYTES: int(26_214_400, 1024),
  /** 50 MP: a 48 MP phone photo (8000 x 6000) passes. */
  IMAGE_MAX_PIXELS: int(50_000_000, 1),
  IMAGE_CONCURRENCY: int(1, 1),
  IMAGE_RATE_LIMIT_PER_USER: int(60, 1),
  IMAGE_RATE_LIMIT_WINDOW_S: int(600, 1),
  /** libuv's own (its pool's threads, 4 unless set): read here only to check IMAGE_CONCURRENCY against it. */
  UV_THREADPOOL_SIZE: int(4, 1),
  FILE_MAX_BYTES: int(104_857_600, 1024),
  IMPORT_MAX_BYTES: int(52_428_800, 1024),
  IMPORT_MAX_INFLATED_BYTES: int(314_572_800, 1024),
  IMPORT_MAX_ROWS: int(100_000, 1),
  COMMENT_UPLOAD_GRACE_MINUTES: int(60, 0),
  SEED_DEMO: bool(true).optional(),
  DEMO_PASSWORD: z.string().min(8).default('observatory-demo'),
  ADMIN_USERNAME: z.string().default('admin'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  ADMIN_EMAIL: z.email().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Observatory Catalogue <no-reply@localhost>'),
  PRODUCT_NAME: z.string().default('Observatory Catalogue'),
  CONTACT_URL: z.string().optional(),
  HEADER_LINKS: headerLinks,
  MAP_STYLE_URL: mapStyleUrl,
  MAP_EXTRA_ORIGINS: extraOrigins,
  MAP_KEEP_ORIGINS: keepOrigins,
  MAP_VIEWS: mapViews,
  MAP_CENTER: lonLat,
  MAP_ZOOM: z.coerce.number().min(0).max(22).default(3),
  SHORTLINK_HOSTS: shortlinkHosts,
  CORS_ORIGINS: corsOrigins,
  WEBHOOK_ALLOW_PRIVATE: bool(false),
  WEBHOOK_SECRET_KEY: z.string().min(32).optional(),
  WEBHOOK_POLL_MS: int(2000, 0),
  BODY_LIMIT_BYTES: int(1_048_576, 1024),
  AUTH_RATE_LIMIT_PER_IP: int(50, 1),
  AUTH_RATE_LIMIT_PER_ACCOUNT: int(10, 1),
  AUTH_RATE_LIMIT_WINDOW_S: int(900, 1),
  AUTH_RATE_LIMIT_PER_SESSION: int(120, 1),
  AUTH_ACCOUNT_CEILING: int(100, 1),
  SESSION_IDLE_HOURS: int(12, 1),
  SESSION_MAX_DAYS: int(7, 1),
  ARGON2_MEMORY_KIB: int(19_456, 8),
  ARGON2_TIME_COST: int(2, 1),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** False, a number of proxy hops, or the proxies' addresses and CIDR blocks. */
  trustProxy: false | number | string[];
  database: { url: string | null; dataDir: string | null; poolSize: number; queueTimeoutMs: number };
  storage: StorageConfig;
  images: { maxBytes: number; maxPixels: number };
  /**
   * Images decoded at once; other uploads wait their turn in a queue. Each decode keeps about
   * a core busy and holds one of libuv's pool threads (UV_THREADPOOL_SIZE), which file access,
   * compression and password hashing use too, so at least two of those are left to them.
   */
  imageConcurrency: number;
  /** Images a user may upload per window, over every upload route together. */
  imageRateLimit: { perUser: number; windowMs: number };
  /** Project files (any type, always downloaded as attachments). */
  files: { maxBytes: number };
  /** Imported spreadsheets: bytes uploaded, bytes a workbook inflates to, records. */
  imports: { maxBytes: number; maxInflatedBytes: number; maxRows: number };
  /** How long an image uploaded for a comment not written yet counts as used (then Site Admin may remove it). */
  pendingUploadMinutes: number;
  seedDemo: boolean;
  demoPassword: string;
  admin: { username: string; password: string | null; email: string | null };
  jwtSecret: string | null;
  mail: { smtpUrl: string | null; from: string };
  /** What GET app/config tells the web. */
  app: Omit<AppConfig, 'licence'>;
  /** The hosts other than this site's own that a shortlink may redirect to (lower case); none: only this site. */
  shortlinks: { hosts: string[] };
  /** The origins (lower case, no trailing slash) whose pages may call the API with credentials; every other site reads without. */
  cors: { credentialedOrigins: string[] };
  /** How old a process's copy of a setting changed under Site Admin (the basemap) may be. */
  settingsCacheMs: number;
  /** Addresses per sitemap file: past it, sitemap.xml is an index (50,000, the protocol's limit). */
  sitemapMaxUrls: number;
  /** Values the embedded database writes per turn of a large batch (about half a second's work), letting other requests in between; a server's import writes as many per batch. */
  writeChunkRows: number;
  /** Webhooks: may receivers be on private addresses; the key their secrets are sealed with (null: derived from the token secret); how often changes are queued and sent (0: never, tests drive it). */
  webhooks: { allowPrivate: boolean; secretKey: string | null; pollMs: number };
  bodyLimit: number;
  /**
   * Sign-in limits per window: attempts per address; failures per account and address, and
   * per known device; failures per account from unknown devices before each further one
   * waits (accountCeiling); refreshes per session.
   */
  rateLimit: { perIp: number; perAccount: number; accountCeiling: number; perSession: number; windowMs: number };
  /** A session without "keep me signed in" ends after idleMs without use, and maxMs after sign-in at the latest. */
  sessions: { idleMs: number; maxMs: number };
  argon2: { memoryCost: number; timeCost: number };
  webDist: string | null;
}

export interface S3Config {
  bucket: string;
  endpoint: string | null;
  region: string;
  /** Null: the AWS SDK's own chain (AWS_* variables, instance roles...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
}

/** Uploaded files: in S3-compatible object storage when a bucket is set, else in a local directory. */
export interface StorageConfig {
  dir: string;
  s3: S3Config | null;
}

/** The project root: relative paths in the environment are taken from there. */
export const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');

/** Parse the environment once; fail fast with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const server = !!e.DATABASE_URL;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const map = { styleUrl: e.MAP_STYLE_URL, views: e.MAP_VIEWS };
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    database: {
      url: e.DATABASE_URL ?? null,
      dataDir: server ? null : path.resolve(ROOT_DIR, e.DATA_DIR),
      poolSize: e.DB_POOL_SIZE,
      queueTimeoutMs: e.DB_QUEUE_TIMEOUT_MS,
    },
    storage: {
      dir: path.resolve(ROOT_DIR, e.STORAGE_DIR ?? path.join(e.DATA_DIR, 'files')),
      s3: e.S3_BUCKET ? s3Config(e) : null,
    },
    images: { maxBytes: e.IMAGE_MAX_BYTES, maxPixels: e.IMAGE_MAX_PIXELS },
    imageConcurrency: imageConcurrency(e),
    imageRateLimit: { perUser: e.IMAGE_RATE_LIMIT_PER_USER, windowMs: e.IMAGE_RATE_LIMIT_WINDOW_S * 1000 },
    files: { maxBytes: e.FILE_MAX_BYTES },
    imports: { maxBytes: e.IMPORT_MAX_BYTES, maxInflatedBytes: e.IMPORT_MAX_INFLATED_BYTES, maxRows: e.IMPORT_MAX_ROWS },
    pendingUploadMinutes: e.COMMENT_UPLOAD_GRACE_MINUTES,
    seedDemo: e.SEED_DEMO ?? !server,
    demoPassword: e.DEMO_PASSWORD,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD ?? null, email: e.ADMIN_EMAIL ?? null },
    jwtSecret: e.JWT_SECRET ?? null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    app: {
      productName: e.PRODUCT_NAME,
      contactUrl: e.CONTACT_URL ?? null,
      headerLinks: e.HEADER_LINKS,
      map: {
        ...map,
        center: e.MAP_CENTER,
        zoom: e.MAP_ZOOM,
        origins: mapOrigins(map, e.MAP_EXTRA_ORIGINS, new URL(publicUrl).origin),
        keepOrigins: e.MAP_KEEP_ORIGINS.map((o) => new URL(o).origin),
      },
    },
    shortlinks: { hosts: e.SHORTLINK_HOSTS },
    cors: { credentialedOrigins: e.CORS_ORIGINS },
    settingsCacheMs: 5000,
    sitemapMaxUrls: 50_000,
    writeChunkRows: 5_000,
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE, secretKey: e.WEBHOOK_SECRET_KEY ?? null, pollMs: e.WEBHOOK_POLL_MS },
    bodyLimit: e.BODY_LIMIT_BYTES,
    rateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      accountCeiling: e.AUTH_ACCOUNT_CEILING,
      perSession: e.AUTH_RATE_LIMIT_PER_SESSION,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_S * 1000,
    },
    sessions: { idleMs: e.SESSION_IDLE_HOURS * 3_600_000, maxMs: e.SESSION_MAX_DAYS * 86_400_000 },
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
    webDist: e.WEB_DIST ? path.resolve(ROOT_DIR, e.WEB_DIST) : path.join(ROOT_DIR, 'apps/web/dist'),
  };
}

/** IMAGE_CONCURRENCY, leaving at least two of libuv's pool threads to everything else. */
function imageConcurrency(e: z.infer<typeof EnvSchema>): number {
  if (e.IMAGE_CONCURRENCY > e.UV_THREADPOOL_SIZE - 2) {
    throw new Error(
      `Invalid configuration:\n  IMAGE_CONCURRENCY: at most UV_THREADPOOL_SIZE - 2 (${e.UV_THREADPOOL_SIZE - 2}): each image decoded holds one of libuv's ${e.UV_THREADPOOL_SIZE} pool threads, which file access, compression and password hashing need too; raise UV_THREADPOOL_SIZE with it`,
    );
  }
  return e.IMAGE_CONCURRENCY;
}

function s3Config(e: z.infer<typeof EnvSchema>): S3Config {
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  }
  return {
    bucket: e.S3_BUCKET!,
    endpoint: e.S3_ENDPOINT ?? null,
    region: e.S3_REGION,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
