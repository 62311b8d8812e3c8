import { authorize, permissionsFor, type Actor, type Resource } from '../../authz/authorize.js';
import { resourceOf } from '../../authz/lookup.js';
import { notFound } from '../../lib/errors.js';
import { pageOf, type Page } from '../../lib/pagination.js';
import type { ObjectsService } from './service.js';

/**
 * What hangs on an object, notes and photos: seen with the object, owned by their author,
 * changed by the author or the object's editors (the registry's note and photo). The
 * loading, paging and permission code they share.
 */
export function attachedTo<Row extends { id: string; authorId: string | null }>(kind: 'note' | 'photo', objects: ObjectsService) {
  const what = kind === 'note' ? 'Note' : 'Photo';
  const resourceOfRow = (row: Row, object: Resource) => resourceOf(kind, row, { parent: object });

  return {
    /** What the actor may do with the row. */
    permissions: (actor: Actor | null, object: Resource, row: Row) => permissionsFor(actor, resourceOfRow(row, object)),

    /** A page of the object's rows, as the actor may see the object (404 otherwise). */
    async page(actor: Actor | null, key: string, p: number, size: number, list: (objectId: string, page: Page) => Promise<{ rows: Row[]; total: number }>) {
      const { row: object, resource } = await objects.loadObject(actor, key);
      const page = pageOf(p, size);
      return { resource, page, ...(await list(object.id, page)) };
    },

    /** The object and one of its rows, once the actor may edit that row: 404 when either is not there. */
    async loadForEdit(actor: Actor | null, key: string, find: (objectId: string) => Promise<Row | null>) {
      const { row: object, resource } = await objects.loadObject(actor, key);
      const row = await find(object.id);
      if (!row) throw notFound(what);
      authorize(actor, 'edit', resourceOfRow(row, resource), what);
      return { object, resource, row };
    },
  };
}
