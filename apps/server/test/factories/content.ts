import type {
  Asset,
  AssetDetail,
  PageCreate,
  PageDetail,
  Publication,
  PublicationDetail,
  PublicationInput,
  Shortlink,
  ShortlinkCreate,
  WebhookCreated,
  WebhookInput,
} from '@observatory/shared';
import type { FastifyInstance } from 'fastify';
import { api, unique, upload, type FilePart } from '../harness.js';
import { expectAnswer, samplePng } from './answer.js';
import type { TestUser } from './users.js';

/** A publication (POST /pubs, anyone signed in); an article without authors unless told. */
export async function buildPublication(app: FastifyInstance, as: TestUser, overrides: Partial<PublicationInput> = {}): Promise<Publication> {
  const res = await api(app, 'POST', '/pubs', { token: as.token, body: { publication: { title: unique('Publication '), ...overrides } } });
  return expectAnswer<PublicationDetail>(res, 201, 'POST /pubs').publication;
}

/** A documentation page (POST /pages, managePages): at the top under a path of its own unless told. */
export async function buildPage(app: FastifyInstance, as: TestUser, overrides: Partial<PageCreate> = {}): Promise<PageDetail['page']> {
  const path = overrides.path ?? unique('page');
  const res = await api(app, 'POST', '/pages', { token: as.token, body: { path, title: `Page ${path}`, ...overrides } });
  return expectAnswer<PageDetail>(res, 201, 'POST /pages').page;
}

/** A shortlink (POST /shortlinks, manageShortlinks), leading to /pubs unless told. */
export async function buildShortlink(app: FastifyInstance, as: TestUser, overrides: Partial<ShortlinkCreate> = {}): Promise<Shortlink> {
  const res = await api(app, 'POST', '/shortlinks', { token: as.token, body: { slug: unique('link'), target: '/pubs', ...overrides } });
  return expectAnswer<Shortlink>(res, 201, 'POST /shortlinks');
}

/**
 * A webhook (POST /admin/webhooks, manageSettings) and its secret: every change of a project
 * unless told, to a documentation address (TEST-NET-3, public and never answering) unless told.
 */
export async function buildWebhook(app: FastifyInstance, as: TestUser, overrides: Partial<WebhookInput> = {}): Promise<WebhookCreated> {
  const res = await api(app, 'POST', '/admin/webhooks', {
    token: as.token,
    body: { url: 'http://203.0.113.7/hook', events: ['create', 'update', 'delete'], kinds: ['project'], ...overrides },
  });
  return expectAnswer<WebhookCreated>(res, 201, 'POST /admin/webhooks');
}

/** An image for a document (POST /assets, anyone signed in), unused until a document names it: a small PNG unless a file is given. */
export async function buildAsset(app: FastifyInstance, as: TestUser, overrides: { file?: FilePart } = {}): Promise<Asset> {
  const res = await upload(app, 'POST', '/assets', { token: as.token, file: overrides.file ?? (await samplePng()) });
  return expectAnswer<AssetDetail>(res, 201, 'POST /assets').asset;
}
