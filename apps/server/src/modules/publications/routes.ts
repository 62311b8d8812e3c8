import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CitationQuerySchema,
  CitationSchema,
  PublicationChangeSchema,
  PublicationDetailSchema,
  type PublicationDetail,
  PublicationExportQuerySchema,
  PublicationSchema,
  PublicationsImportedSchema,
  PublicationsImportSchema,
  PublicationsParsedSchema,
  PublicationsParseSchema,
  PublicationsQuerySchema,
  PublicationsResponseSchema,
  PublicationSuggestionsSchema,
  PublicationWriteSchema,
  PublicationYearsSchema,
  PUBLICATION_EXPORT_FORMATS,
  CslItemSchema,
} from '@observatory/shared';
import { setPaginationHeaders } from '../../lib/pagination.js';
import { signedIn } from '../../plugins/auth.js';
import { attachment } from '../../lib/downloads.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../lib/versions.js';

const key = z.string().min(1).max(200);
const PublicationParams = z.object({ id: key.describe('The publication’s id or slug') });
const AuthorParams = PublicationParams.extend({ person: key.describe('The person’s id or slug') });
const ProjectLinkParams = z.object({ id: key.describe('Project id or slug'), pubId: key.describe('The publication’s id or slug') });
const OneExportQuerySchema = z.object({ format: z.enum(PUBLICATION_EXPORT_FORMATS) });

/** A citation file: BibTeX and RIS as text, CSL-JSON as its array of items. */
const FILE_RESPONSE = {
  200: {
    content: {
      'application/x-bibtex': { schema: z.string().describe('The BibTeX file') },
      'application/x-research-info-systems': { schema: z.string().describe('The RIS file') },
      'application/vnd.citationstyles.csl+json': { schema: z.array(CslItemSchema).describe('The CSL-JSON items, one per publication') },
    },
  },
};

/** Publications: read by everyone; added by any signed-in user; changed by their creator, their confirmed authors and managePublications. */
export const publicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publications } = app.services;
  const tags = ['publications'];
  const write = { onRequest: signedIn };
  /** A publication's detail with its version as the ETag. */
  const tagged = async (reply: FastifyReply, body: Promise<PublicationDetail>) => {
    const answer = await body;
    return withETag(reply, answer, answer.publication.version);
  };

  app.get(
    '/pubs',
    {
      schema: {
        tags,
        summary:
          'Search the publications, 25 a page: words of the title, authors or abstract (q), year, type, a person’s confirmed ones (person), a project’s (project)',
        querystring: PublicationsQuerySchema,
        response: { 200: PublicationsResponseSchema },
      },
    },
    async (request, reply) => {
      const { publications: list, page, total } = await publications.listPublications(request.actor, request.query);
      setPaginationHeaders(reply, page, total);
      return { publications: list };
    },
  );
  app.get(
    '/pubs/years',
    { schema: { tags, summary: 'The years of the publications, newest first, with how many each', response: { 200: PublicationYearsSchema } } },
    async () => ({
      years: await publications.listYears(),
    }),
  );
  app.get(
    '/pubs/export',
    {
      schema: {
        tags,
        summary: 'Every publication the filters find (at most 5,000) as a BibTeX, RIS or CSL-JSON file',
        querystring: PublicationExportQuerySchema,
        produces: ['application/x-bibtex', 'application/x-research-info-systems', 'application/vnd.citationstyles.csl+json'],
        response: FILE_RESPONSE,
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const file = await publications.exportFile(request.actor, format, filters);
      return reply.type(file.type).header('content-disposition', attachment(file.filename)).send(file.body);
    },
  );
  app.get(
    '/pubs/suggestions',
    {
      ...write,
      schema: {
        tags,
        summary: 'Publications naming the signed-in person as an author, waiting for them to confirm',
        response: { 200: PublicationSuggestionsSchema },
      },
    },
    async (request) => ({ publications: await publications.listSuggestions(request.actor) }),
  );
  app.post(
    '/pubs',
    {
      ...write,
      schema: {
        tags,
        summary: 'Add a publication (any signed-in user; the adder may edit and delete it)',
        body: PublicationWriteSchema,
        response: { 201: PublicationDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await tagged(reply, publications.createPublication(request.actor, request.body.publication))),
  );
  app.post(
    '/pubs/parse',
    {
      ...write,
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Read pasted BibTeX, RIS or CSL-JSON into publications without saving them: each entry as it would be saved, or its error with its line, and any publication already holding its DOI',
        body: PublicationsParseSchema,
        response: { 200: PublicationsParsedSchema },
      },
    },
    async (request) => publications.parsePublications(request.actor, request.body.text, request.body.format),
  );
  app.post(
    '/pubs/import',
    {
      ...write,
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Add several publications at once (a previewed paste), perhaps linking each to projects (edit on each): all or none',
        body: PublicationsImportSchema,
        response: { 201: PublicationsImportedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await publications.importPublications(request.actor, request.body)),
  );
  app.get(
    '/pubs/:id',
    {
      schema: {
        tags,
        summary: 'A publication with its abstract and what the reader may do with it',
        params: PublicationParams,
        response: { 200: PublicationDetailSchema },
      },
    },
    async (request, reply) => tagged(reply, publications.getPublication(request.actor, request.params.id)),
  );
  app.put(
    '/pubs/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a publication: the fields given (its adder, its confirmed authors, managePublications)',
        params: PublicationParams,
        headers: ConditionalHeadersSchema,
        body: PublicationChangeSchema,
        response: { 200: PublicationDetailSchema },
      },
    },
    async (request, reply) =>
      tagged(reply, publications.updatePublication(request.actor, request.params.id, request.body.publication, preconditionOf(request))),
  );
  app.delete(
    '/pubs/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a publication (its adder, managePublications)',
        params: PublicationParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await publications.deletePublication(request.actor, request.params.id, preconditionOf(request));
      return reply.status(204).send();
    },
  );
  app.get(
    '/pubs/:id/citation',
    {
      schema: {
        tags,
        summary: 'A publication formatted in a citation style (APA, Vancouver, Harvard, Chicago author-date), as styled runs of plain text',
        params: PublicationParams,
        querystring: CitationQuerySchema,
        response: { 200: CitationSchema },
      },
    },
    async (request) => publications.getCitation(request.actor, request.params.id, request.query.style),
  );
  app.get(
    '/pubs/:id/export',
    {
      schema: {
        tags,
        summary: 'A publication as a BibTeX, RIS or CSL-JSON file',
        params: PublicationParams,
        querystring: OneExportQuerySchema,
        produces: ['application/x-bibtex', 'application/x-research-info-systems', 'application/vnd.citationstyles.csl+json'],
        response: FILE_RESPONSE,
      },
    },
    async (request, reply) => {
      const file = await publications.exportFile(request.actor, request.query.format, {}, request.params.id);
      return reply.type(file.type).header('content-disposition', attachment(file.filename)).send(file.body);
    },
  );
  app.put(
    '/pubs/:id/authors/:person',
    {
      ...write,
      schema: {
        tags,
        summary: 'Confirm that a person is an author (that person, or managePublications): it then shows on their page and lets them edit it',
        params: AuthorParams,
        response: { 200: PublicationDetailSchema },
      },
    },
    async (request, reply) => tagged(reply, publications.confirmAuthor(request.actor, request.params.id, request.params.person)),
  );
  app.delete(
    '/pubs/:id/authors/:person',
    {
      ...write,
      schema: {
        tags,
        summary: 'Take a person’s link off a publication’s authors, keeping the name (that person, its editors, managePublications)',
        params: AuthorParams,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await publications.unlinkAuthor(request.actor, request.params.id, request.params.person);
      return reply.status(204).send();
    },
  );
  app.put(
    '/projects/:id/pubs/:pubId',
    {
      ...write,
      schema: {
        tags: ['projects', ...tags],
        summary: 'Add a publication to a project (edit on the project); answers the publication',
        params: ProjectLinkParams,
        response: { 200: PublicationSchema },
      },
    },
    async (request) => publications.linkToProject(request.actor, request.params.id, request.params.pubId),
  );
  app.delete(
    '/projects/:id/pubs/:pubId',
    {
      ...write,
      schema: {
        tags: ['projects', ...tags],
        summary: 'Take a publication off a project (edit on the project)',
        params: ProjectLinkParams,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await publications.unlinkFromProject(request.actor, request.params.id, request.params.pubId);
      return reply.status(204).send();
    },
  );
};
