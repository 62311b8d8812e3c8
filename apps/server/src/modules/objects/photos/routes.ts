import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PhotoChangeSchema, PhotoSchema, PhotosResponseSchema } from '@observatory/shared';
import { receiveFileParts } from '../../../lib/uploads.js';
import { setPaginationHeaders } from '../../../lib/pagination.js';
import { signedIn } from '../../../plugins/auth.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../../lib/versions.js';
import { ObjectParams, PageQuery } from '../params.js';

/** An object's photos. */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { photos } = app.services;
  const tags = ['objects'];
  const PhotoParams = ObjectParams.extend({ id: z.uuid() });
  app.get(
    '/data/obj/:key/photos',
    {
      schema: {
        tags,
        summary: 'Photos of an object, newest first, 50 a page',
        params: ObjectParams,
        querystring: PageQuery,
        response: { 200: PhotosResponseSchema },
      },
    },
    async (request, reply) => {
      const { photos: list, page, total } = await photos.listPhotos(request.actor, request.params.key, request.query.p);
      setPaginationHeaders(reply, page, total);
      return { photos: list };
    },
  );
  app.post(
    '/data/obj/:key/photos',
    {
      onRequest: signedIn,
      config: { upload: true },
      schema: {
        tags,
        summary:
          'Upload a photo (upload on the object): JPEG, PNG or WebP in the part "file"; EXIF time and GPS are read, then stripped from the served versions. Fields before the file, optional: lon and lat, takenAt (the device’s position and time, used where the EXIF has none)',
        params: ObjectParams,
        consumes: ['multipart/form-data'],
        response: { 201: PhotoSchema },
      },
    },
    async (request, reply) => {
      const photo = await photos.createPhoto(request.actor, request.params.key, receiveFileParts(request, app.config.images.maxBytes));
      return reply.status(201).send(withETag(reply, photo, photo.version));
    },
  );
  app.put(
    '/data/obj/:key/photos/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Change a photo’s caption or move it to another object (its author or an editor)',
        params: PhotoParams,
        headers: ConditionalHeadersSchema,
        body: PhotoChangeSchema,
        response: { 200: PhotoSchema },
      },
    },
    async (request, reply) => {
      const photo = await photos.updatePhoto(request.actor, request.params.key, request.params.id, request.body, preconditionOf(request));
      return withETag(reply, photo, photo.version);
    },
  );
  app.delete(
    '/data/obj/:key/photos/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Delete a photo and its files (its author or an editor)',
        params: PhotoParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await photos.deletePhoto(request.actor, request.params.key, request.params.id, preconditionOf(request));
      return reply.status(204).send();
    },
  );
};
