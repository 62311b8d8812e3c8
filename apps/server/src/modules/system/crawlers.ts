import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeXml } from '../../lib/xml.js';
import { notFound } from '../../lib/errors.js';
import { LIST_PAGES, SITEMAP_SOURCES, countPages, listPages } from './sitemap.js';

const XML = 'application/xml; charset=utf-8';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

type Entry = { path: string; lastmod?: Date };

/**
 * What crawlers read first (docs/findable.md "robots.txt and the sitemap"): robots.txt as
 * Site Admin set it, and a sitemap of every page a visitor may read, with when each
 * resource last changed. Past `sitemapMaxUrls` addresses sitemap.xml is an index of files
 * of that many each, by kind: /sitemaps/{kind}-{n}.xml.
 */
export async function crawlerRoutes(app: FastifyInstance) {
  const { publicUrl, sitemapMaxUrls: max } = app.config;
  const { database } = app;
  const xml = (reply: FastifyReply, body: string) => reply.header('cache-control', 'no-cache').type(XML).send(`${HEAD}${body}\n`);
  const urlset = (entries: Entry[]) =>
    `<urlset xmlns="${NS}">\n${entries
      .map((e) => `<url><loc>${escapeXml(publicUrl + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`)
      .join('\n')}\n</urlset>`;
  const lists = (): Entry[] => LIST_PAGES.map((path) => ({ path }));

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(app.services.publishing.robots()),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const counts = await database.use(async (d) => {
      const found: number[] = [];
      for (const source of SITEMAP_SOURCES) found.push(await countPages(d, source));
      return found;
    });
    const total = LIST_PAGES.length + counts.reduce((a, b) => a + b, 0);
    if (total <= max) {
      const entries = await database.use(async (d) => {
        const all = lists();
        for (const source of SITEMAP_SOURCES) all.push(...(await listPages(d, source, max, 0)));
        return all;
      });
      return xml(reply, urlset(entries));
    }
    const listFiles = Array.from({ length: Math.ceil(LIST_PAGES.length / max) }, (_, n) => `lists-${n + 1}`);
    const files = [...listFiles, ...SITEMAP_SOURCES.flatMap((s, i) => Array.from({ length: Math.ceil(counts[i]! / max) }, (_, n) => `${s.name}-${n + 1}`))];
    const index = files.map((f) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/${f}.xml`)}</loc></sitemap>`).join('\n');
    return xml(reply, `<sitemapindex xmlns="${NS}">\n${index}\n</sitemapindex>`);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const [, name, number] = /^([a-z]+)-([1-9]\d{0,6})\.xml$/.exec(request.params.file) ?? [];
    const offset = (Number(number) - 1) * max;
    const source = SITEMAP_SOURCES.find((s) => s.name === name);
    if (name !== 'lists' && !source) throw notFound('Sitemap');
    const entries = source ? await database.use((d) => listPages(d, source, max, offset)) : lists().slice(offset, offset + max);
    if (entries.length === 0) throw notFound('Sitemap');
    return xml(reply, urlset(entries));
  });
}
