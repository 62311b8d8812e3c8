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

/** The map views shipped by default: /map/properties is the navbar's Sites. */
export const DEFAULT_MAP_VIEWS: MapView[] = [
  { name: 'properties', title: 'Sites', types: ['property'] },
  { name: 'plots', title: 'Plots', types: ['vegetation-plot', 'soil-plot'] },
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
    return views.data;
  });

/** Every environment variable the server reads, with its default. README's table mirrors this. */
const EnvSchema = z.object({
  PORT: int(3000, 0),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool(false),
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
  IMAGE_MAX_BYTES: int(10_485_760, 1024),
  IMAGE_MAX_PIXELS: int(40_000_000, 1),
  FILE_MAX_BYTES: int(104_857_600, 1024),
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
  MAP_STYLE_URL: z.string().optional(),
  MAP_VIEWS: mapViews,
  MAP_CENTER: lonLat,
  MAP_ZOOM: z.coerce.number().min(0).max(22).default(3),
  BODY_LIMIT_BYTES: int(1_048_576, 1024),
  AUTH_RATE_LIMIT_PER_IP: int(50, 1),
  AUTH_RATE_LIMIT_PER_ACCOUNT: int(10, 1),
  AUTH_RATE_LIMIT_WINDOW_S: int(900, 1),
  ARGON2_MEMORY_KIB: int(19_456, 8),
  ARGON2_TIME_COST: int(2, 1),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  database: { url: string | null; dataDir: string | null; poolSize: number; queueTimeoutMs: number };
  storage: StorageConfig;
  images: { maxBytes: number; maxPixels: number };
  /** Project files (any type, always downloaded as attachments). */
  files: { maxBytes: number };
  seedDemo: boolean;
  demoPassword: string;
  admin: { username: string; password: string | null; email: string | null };
  jwtSecret: string | null;
  mail: { smtpUrl: string | null; from: string };
  /** What GET app/config tells the web. */
  app: AppConfig;
  bodyLimit: number;
  rateLimit: { perIp: number; perAccount: number; windowMs: number };
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
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
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
    files: { maxBytes: e.FILE_MAX_BYTES },
    seedDemo: e.SEED_DEMO ?? !server,
    demoPassword: e.DEMO_PASSWORD,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD ?? null, email: e.ADMIN_EMAIL ?? null },
    jwtSecret: e.JWT_SECRET ?? null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    app: {
      productName: e.PRODUCT_NAME,
      contactUrl: e.CONTACT_URL ?? null,
      headerLinks: e.HEADER_LINKS,
      map: { styleUrl: e.MAP_STYLE_URL || null, center: e.MAP_CENTER, zoom: e.MAP_ZOOM, views: e.MAP_VIEWS },
    },
    bodyLimit: e.BODY_LIMIT_BYTES,
    rateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_S * 1000,
    },
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
    webDist: e.WEB_DIST ? path.resolve(ROOT_DIR, e.WEB_DIST) : path.join(ROOT_DIR, 'apps/web/dist'),
  };
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
