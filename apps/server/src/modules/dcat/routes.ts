import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DCAT_FORMATS, DCAT_PAGE_SIZE, DcatDocumentSchema, DcatQuerySchema, SITE_DESCRIPTION, type ProjectDetail } from '@observatory/shared';
import { notFound } from '../../lib/errors.js';
import { prefersTurtle, turtle } from '../../lib/rdf.js';
import { tableFacts, visitorReader } from '../head/index.js';
import { SITEMAP_SOURCES, countPages, listPages } from '../system/index.js';
import { cataloguePage, type DescribedProject } from './catalogue.js';

const TYPES = { jsonld: 'application/ld+json', turtle: 'text/turtle' } as const;

const PROJECTS = SITEMAP_SOURCES.find((s) => s.kind === 'project')!;

/** DCAT-AP 3 (docs/harvestable.md): the catalogue a visitor may read, as JSON-LD or Turtle, for data portals' harvesters. */
export const dcatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app;
  const site = () => ({
    url: (path: string) => `${config.publicUrl}${path}`,
    name: config.app.productName,
    description: SITE_DESCRIPTION,
    licence: app.services.publishing.current().licence,
  });

  app.get(
    '/dcat',
    {
      schema: {
        tags: ['harvest'],
        summary: `The catalogue as DCAT-AP 3 (anyone; what a visitor may read, whoever asks): its projects and their data tables as dcat:Dataset, ${DCAT_PAGE_SIZE} projects a page, paged by hydra:PartialCollectionView`,
        querystring: DcatQuerySchema,
        produces: [TYPES.jsonld, TYPES.turtle],
        response: {
          200: {
            description: 'A page of the catalogue',
            content: {
              [TYPES.jsonld]: { schema: DcatDocumentSchema },
              [TYPES.turtle]: { schema: z.unknown().describe('RDF 1.1 Turtle') },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { page, format } = request.query;
      const chosen = format ? DCAT_FORMATS[format] : prefersTurtle(request.headers.accept) ? 'turtle' : 'jsonld';
      const { total, keys } = await database.use(async (d) => ({
        total: await countPages(d, PROJECTS),
        keys: (await listPages(d, PROJECTS, DCAT_PAGE_SIZE, (page - 1) * DCAT_PAGE_SIZE)).map((p) => p.key),
      }));
      const last = Math.max(1, Math.ceil(total / DCAT_PAGE_SIZE));
      if (page > last) throw notFound('Catalogue page');

      const read = visitorReader(app, request.ip);
      const projects: DescribedProject[] = [];
      for (const slug of keys) {
        const detail = await read<ProjectDetail>(`/projects/${encodeURIComponent(slug)}`);
        // Hidden or deleted since it was counted: left out of this page.
        if (detail) projects.push({ detail, facts: await tableFacts(detail, read) });
      }
      const at = (n: number) => `${config.publicUrl}/api/v1/dcat?page=${n}${format ? `&format=${format}` : ''}`;
      const document = cataloguePage(site(), projects, {
        self: at(page),
        first: at(1),
        last: at(last),
        next: page < last ? at(page + 1) : null,
        previous: page > 1 ? at(page - 1) : null,
        totalItems: total,
      });
      reply.header('vary', 'accept').header('cache-control', 'no-cache');
      if (chosen === 'turtle') return reply.type(`${TYPES.turtle}; charset=utf-8`).send(await turtle(document));
      return reply.type(TYPES.jsonld).send(JSON.stringify(document));
    },
  );
};
