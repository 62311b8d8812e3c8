import type { GeoObject, GeoObjectCreateSchema, Note, NoteInputSchema, ObjectDetail, Photo } from '@observatory/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { api, unique, upload, type FilePart } from '../harness.js';
import { expectAnswer, samplePng } from './answer.js';
import type { TestUser } from './users.js';

export type ObjectOverrides = Partial<z.input<typeof GeoObjectCreateSchema>>;

/**
 * An object (POST /data/obj): a site named and titled uniquely unless told. Give it
 * `projects` the actor may edit; without any the actor needs manageProjects.
 */
export async function buildObject(app: FastifyInstance, as: TestUser, overrides: ObjectOverrides = {}): Promise<GeoObject> {
  const name = overrides.name ?? unique('obj-');
  const res = await api(app, 'POST', '/data/obj', { token: as.token, body: { name, title: name, types: ['site'], ...overrides } });
  return expectAnswer<ObjectDetail>(res, 201, 'POST /data/obj').obj;
}

/** A note on an object, by name or id (POST /data/obj/{key}/notes, comment on the object). */
export async function buildNote(app: FastifyInstance, as: TestUser, object: string, overrides: Partial<z.input<typeof NoteInputSchema>> = {}): Promise<Note> {
  const res = await api(app, 'POST', `/data/obj/${object}/notes`, { token: as.token, body: { content: unique('Note '), ...overrides } });
  return expectAnswer<Note>(res, 201, 'POST /data/obj/{key}/notes');
}

/** A photo of an object, by name or id (POST /data/obj/{key}/photos, upload on the object): a small PNG unless a file is given. */
export async function buildPhoto(app: FastifyInstance, as: TestUser, object: string, overrides: { file?: FilePart } = {}): Promise<Photo> {
  const res = await upload(app, 'POST', `/data/obj/${object}/photos`, { token: as.token, file: overrides.file ?? (await samplePng()) });
  return expectAnswer<Photo>(res, 201, 'POST /data/obj/{key}/photos');
}
