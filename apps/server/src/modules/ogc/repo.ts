import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { objects, objectTypeLinks } from '../../db/schema/index.js';
import { extentOf } from '../../lib/geometry.js';
import { isoTime } from '../../lib/sql-json.js';

const extentColumns = {
  bbox: extentOf(objects.geo),
  first: sql<string | null>`${isoTime(sql`min(${objects.updatedAt})`)}`,
  last: sql<string | null>`${isoTime(sql`max(${objects.updatedAt})`)}`,
};

/**
 * The extents of the collections over what `visible` lets through (the registry's
 * condition for the reader): the box around the geometries and the span of the last
 * changes, of all objects (typeId null) and of each type's.
 */
export async function extents(db: Db, visible: SQL | undefined) {
  const [all, byType] = await Promise.all([
    db.select(extentColumns).from(objects).where(visible),
    db
      .select({ typeId: objectTypeLinks.typeId, ...extentColumns })
      .from(objects)
      .innerJoin(objectTypeLinks, eq(objectTypeLinks.objectId, objects.id))
      .where(visible)
      .groupBy(objectTypeLinks.typeId),
  ]);
  return [{ typeId: null, ...all[0]! }, ...byType];
}
export type Extent = Awaited<ReturnType<typeof extents>>[number];
