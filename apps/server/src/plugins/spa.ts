import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_ROOT, SITE_DESCRIPTION } from '@observatory/shared';
import { escapeHtml, headFor, visitorReader, withHead } from '../modules/head/index.js';
import { sendNotFound } from './errors.js';

/**
 * The page with this deployment's product name in `<meta name="application-name">`: the
 * web app draws its header with it at once, instead of a default that the configuration
 * replaces a moment later (the links moved under a reader's pointer). The title carries it
 * too, after the page's own ("Projects · …"), while the first screen's code loads.
 */
export function withProductName(html: string, productName: string): string {
  const name = escapeHtml(productName);
  return html
    .replace(/<meta name="application-name" content="[^"]*"\s*\/?>/, `<meta name="application-name" content="${name}" />`)
    .replace(/<title>([^<]*?)(?: · [^<]*)?<\/title>/, (_whole, page: string) => `<title>${page} · ${name}</title>`);
}

/** The colour of the app's icon: the installed app's title bar and splash screen take it. */
const THEME_COLOR = '#1c4e80';

/**
 * The web app manifest (installable app): this deployment's name, the icons the build
 * draws (scripts/make-icons.mjs), and the whole site as its scope.
 */
export function webAppManifest(productName: string) {
  return {
    id: '/',
    name: productName,
    short_name: productName,
    description: SITE_DESCRIPTION,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never
 * cached, and index.html for every client route, with that page's head (modules/head:
 * title, description, Open Graph, JSON-LD) and status (404 for a route or resource a
 * visitor cannot see). Unknown /api paths answer JSON 404.
 */
async function spaPlugin(app: FastifyInstance, options: { root: string | null; productName: string; publicUrl: string }) {
  const root = options.root;
  const hasWeb = !!root && fs.existsSync(path.join(root, 'index.html'));
  const page = hasWeb ? withProductName(fs.readFileSync(path.join(root, 'index.html'), 'utf8'), options.productName) : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      // One route for every file (a miss goes on to the not-found handler below), not a
      // route per built file: registering those ~1,400 routes took 0.15 s of every start.
      wildcard: true,
      index: false,
      // Not the build's own records (.vite/manifest.json).
      dotfiles: 'ignore',
      setHeaders(res, file) {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const manifest = JSON.stringify(webAppManifest(options.productName));
    app.get('/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('application/manifest+json').send(manifest),
    );
    // Browsers ask for /favicon.ico whatever the page names; the icon is an SVG.
    app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => reply.redirect('/favicon.svg', 301));
  }
  const site = () => ({
    name: options.productName,
    description: SITE_DESCRIPTION,
    licence: app.services.publishing.current().licence.url,
    url: (to: string) => `${options.publicUrl}${to}`,
    unindexed: (slugs: string[]) => app.services.people.unindexed(slugs),
    gone: app.services.deletions.gone,
  });
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // Decided for a visitor: a member reloading a members-only page gets it all the same, with a 404 status.
    const head = await headFor(request.url, visitorReader(app, request.ip), site());
    reply.header('cache-control', 'no-cache');
    return reply
      .code(head.status)
      .type('text/html; charset=utf-8')
      .send(withHead(page, head, { productName: options.productName, publicUrl: options.publicUrl }));
  };
  // The files' route would take `/` for the directory.
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendPage);
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === API_ROOT || request.url.startsWith(`${API_ROOT}/`);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !hasWeb || !wantsPage || path.extname(request.url.split('?')[0]!)) return sendNotFound(request, reply);
    return sendPage(request, reply);
  });
}

export default fp(spaPlugin, { name: 'spa' });
