import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NoteChangeSchema, NoteInputSchema, NoteSchema, NotesResponseSchema } from '@observatory/shared';
import { setPaginationHeaders } from '../../../lib/pagination.js';
import { signedIn } from '../../../plugins/auth.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../../lib/versions.js';
import { ObjectParams, PageQuery } from '../params.js';

/** An object's notebook. */
export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notes } = app.services;
  const tags = ['objects'];
  const NoteParams = ObjectParams.extend({ id: z.uuid() });
  app.get(
    '/data/obj/:key/notes',
    {
      schema: {
        tags,
        summary: 'Notes of an object, newest first, 20 a page',
        params: ObjectParams,
        querystring: PageQuery,
        response: { 200: NotesResponseSchema },
      },
    },
    async (request, reply) => {
      const { notes: list, page, total } = await notes.listNotes(request.actor, request.params.key, request.query.p);
      setPaginationHeaders(reply, page, total);
      return { notes: list };
    },
  );
  app.post(
    '/data/obj/:key/notes',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'Write a note (comment) as the caller: author may only name them (400 otherwise); timestamp says when it was written (at most 5 minutes ahead), else now',
        params: ObjectParams,
        body: NoteInputSchema,
        response: { 201: NoteSchema },
      },
    },
    async (request, reply) => {
      const note = await notes.createNote(request.actor, request.params.key, request.body);
      return reply.status(201).send(withETag(reply, note, note.version));
    },
  );
  app.put(
    '/data/obj/:key/notes/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'Change a note’s content and, when given, its timestamp (its author or an editor of the object); author may only name its author (400 otherwise)',
        params: NoteParams,
        headers: ConditionalHeadersSchema,
        body: NoteChangeSchema,
        response: { 200: NoteSchema },
      },
    },
    async (request, reply) => {
      const note = await notes.updateNote(request.actor, request.params.key, request.params.id, request.body, preconditionOf(request));
      return withETag(reply, note, note.version);
    },
  );
  app.delete(
    '/data/obj/:key/notes/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Delete a note (its author or an editor)',
        params: NoteParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await notes.deleteNote(request.actor, request.params.key, request.params.id, preconditionOf(request));
      return reply.status(204).send();
    },
  );
};
