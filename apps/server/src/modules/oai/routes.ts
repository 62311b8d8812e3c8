import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { VERBS } from './protocol.js';
import { createOaiService } from './service.js';

export interface OaiRoutesOptions {
  /** The server's token secret (app.ts): resumption tokens are signed with a key derived from it. */
  tokenSecret: string;
}

const XML_TYPE = 'text/xml; charset=utf-8';
const FORM_TYPE = 'application/x-www-form-urlencoded';

const ArgumentsSchema = z.object({
  verb: z.enum(VERBS).describe('What to do'),
  identifier: z.string().optional().describe('A record: `oai:{host}:project/{uuid}` or `oai:{host}:publication/{uuid}` (GetRecord, ListMetadataFormats)'),
  metadataPrefix: z.string().optional().describe('`oai_dc` or `oai_datacite` (GetRecord, ListIdentifiers, ListRecords)'),
  from: z.string().optional().describe('Records changed from then on: `YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ssZ`, UTC'),
  until: z.string().optional().describe('Records changed until then, in the granularity of `from`'),
  set: z.string().optional().describe('A set of ListSets: `type:project`, `type:publication:article`, `project:{slug}`…'),
  resumptionToken: z.string().optional().describe('The next page of a list, given alone'),
});

const DESCRIPTION = [
  'The publications and projects a visitor may read, for harvesters (docs/harvestable.md). The verbs Identify, ListMetadataFormats, ListSets,',
  'GetRecord, ListIdentifiers and ListRecords; formats `oai_dc` and `oai_datacite` (DataCite 4.6); deleted records kept (`persistent`).',
  'Every answer, protocol errors included, is 200 with an `OAI-PMH` document: its arguments are read as the protocol says, not refused as 400.',
  'The same for any caller: a token changes nothing.',
].join(' ');

/** The address Identify names: the administrator's (ADMIN_EMAIL), else the one mail is sent from (MAIL_FROM). */
export function adminEmailOf(config: Pick<Config, 'admin' | 'mail'>): string {
  return config.admin.email ?? /<([^<>\s]+@[^<>\s]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from.trim();
}

/** The request's arguments in order, repeats kept: the protocol answers a repeated one, which a parsed query would merge. */
function queryPairs(request: FastifyRequest): [string, string][] {
  const at = request.url.indexOf('?');
  return at < 0 ? [] : [...new URLSearchParams(request.url.slice(at + 1))];
}

/**
 * OAI-PMH 2.0 (docs/harvestable.md) at `oai`, by GET with a query and by POST with a form,
 * as the protocol asks of both. Answers are decided for a visitor, whoever asks.
 */
export const oaiRoutes: FastifyPluginAsyncZod<OaiRoutesOptions> = async (app, options) => {
  const { config } = app;
  const oai = createOaiService({
    db: app.database,
    publicUrl: config.publicUrl,
    repositoryName: config.app.productName,
    adminEmail: adminEmailOf(config),
    licence: () => app.services.publishing.current().licence,
    secret: options.tokenSecret,
  });
  // A form is read here only (this plugin's routes), as text: the protocol's own rules read the arguments.
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // The schemas describe the arguments; the protocol answers a bad one itself, in its XML, with 200.
  const described = { validatorCompiler: () => (data: unknown) => ({ value: data }) };
  const response = {
    200: { description: 'An OAI-PMH 2.0 document (`OAI-PMH` in http://www.openarchives.org/OAI/2.0/)', content: { 'text/xml': { schema: z.string() } } },
  };
  const tags = ['harvest'];

  app.get(
    '/oai',
    {
      ...described,
      schema: {
        tags,
        summary: 'OAI-PMH 2.0: harvest the publications and projects (anyone)',
        description: DESCRIPTION,
        querystring: ArgumentsSchema,
        response,
      },
    },
    async (request, reply) => reply.type(XML_TYPE).send(await oai.answer(queryPairs(request))),
  );

  app.post(
    '/oai',
    {
      ...described,
      schema: {
        tags,
        summary: 'OAI-PMH 2.0: harvest the publications and projects, the arguments as a form (anyone)',
        description: DESCRIPTION,
        consumes: [FORM_TYPE],
        body: ArgumentsSchema,
        response,
      },
    },
    async (request, reply) => {
      const body: unknown = request.body;
      return reply.type(XML_TYPE).send(await oai.answer(typeof body === 'string' ? [...new URLSearchParams(body)] : null));
    },
  );
};
