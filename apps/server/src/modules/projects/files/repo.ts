import { and, desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { ProjectFile } from '@observatory/shared';
import { rowsOf, type Db } from '../../../db/client.js';
import { isoTime, jsonList } from '../../../lib/sql-json.js';
import { assets, fileVersions, people, projectFiles } from '../../../db/schema/index.js';
import { bumped } from '../../../lib/versions.js';
import type { Actor } from '../../../authz/policy.js';

export type FileRow = typeof projectFiles.$inferSelect;
export type VersionRow = typeof fileVersions.$inferSelect;

/**
 * The files of the project `projectId` stands for (a column, or a value), or only those
 * named, with their versions newest first, files by name: built as JSON in SQL, so a
 * project's detail carries them in its own statement.
 */
export const filesJson = (projectId: SQLWrapper, fileIds?: string[]) =>
  jsonList<ProjectFile>(sql`select json_agg(json_build_object(
      'id', ${projectFiles.id}, 'name', ${projectFiles.name}, 'description', ${projectFiles.description}, 'createdAt', ${isoTime(projectFiles.createdAt)},
      'version', ${projectFiles.version},
      'versions', (select coalesce(json_agg(json_build_object(
          'version', ${fileVersions.version}, 'fileName', ${assets.fileName}, 'mediaType', ${assets.mediaType}, 'size', ${assets.size}, 'sha256', ${assets.sha256},
          'createdAt', ${isoTime(fileVersions.createdAt)},
          'author', case when ${people.id} is null then null else json_build_object('id', ${people.id}, 'slug', ${people.slug}, 'name', ${people.name}) end
        ) order by ${fileVersions.version} desc), '[]'::json)
        from ${fileVersions} join ${assets} on ${assets.id} = ${fileVersions.assetId} left join ${people} on ${people.id} = ${fileVersions.authorId}
        where ${fileVersions.fileId} = ${projectFiles.id})
    ) order by lower(${projectFiles.name}), ${projectFiles.createdAt}, ${projectFiles.id})
    from ${projectFiles} where ${projectFiles.projectId} = ${projectId} and ${fileIds ? inArray(projectFiles.id, fileIds) : sql`true`}`);

/** A project's files with their versions (newest first), files by name; or only the files named. */
export async function filesOf(db: Db, projectId: string, fileIds?: string[]): Promise<ProjectFile[]> {
  const result = await db.execute(sql`select ${filesJson(sql`${projectId}::uuid`, fileIds)} as files`);
  return rowsOf<{ files: ProjectFile[] }>(result)[0]?.files ?? [];
}

export async function findFile(db: Db, projectId: string, fileId: string): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.id, fileId)));
  return row ?? null;
}

/** Locks the file's row until the transaction ends: versions are numbered one at a time. */
export async function lockFile(db: Db, projectId: string, fileId: string): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.id, fileId)))
    .for('update');
  return row ?? null;
}

export async function insertFile(db: Db, values: typeof projectFiles.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(projectFiles).values(values).returning();
  return row!;
}

/** A project's file's version, for a write's check (lib/versions.ts). */
export const fileVersion = (projectId: string, id: string) => ({
  table: projectFiles,
  where: and(eq(projectFiles.projectId, projectId), eq(projectFiles.id, id))!,
  type: 'file',
  id,
  what: 'The file',
});

/** Changes a file: a new version of it, whether it is renamed or described, or an upload is added or deleted. */
export async function changeFile(
  db: Db,
  actor: Actor | null,
  id: string,
  values: { name?: string; description?: string | null; lastVersion?: number },
): Promise<FileRow> {
  const [row] = await db
    .update(projectFiles)
    .set({ ...values, ...bumped(projectFiles, actor) })
    .where(eq(projectFiles.id, id))
    .returning();
  return row!;
}

export async function deleteFile(db: Db, id: string): Promise<void> {
  await db.delete(projectFiles).where(eq(projectFiles.id, id));
}

export async function versionsOf(db: Db, fileId: string): Promise<VersionRow[]> {
  return db.select().from(fileVersions).where(eq(fileVersions.fileId, fileId)).orderBy(desc(fileVersions.version));
}

/** The file name of a file's newest version's upload (null: it had none, or there is no version). */
export async function latestFileName(db: Db, fileId: string): Promise<string | null> {
  const [row] = await db
    .select({ fileName: assets.fileName })
    .from(fileVersions)
    .innerJoin(assets, eq(assets.id, fileVersions.assetId))
    .where(eq(fileVersions.fileId, fileId))
    .orderBy(desc(fileVersions.version))
    .limit(1);
  return row?.fileName ?? null;
}

export async function insertVersion(db: Db, values: typeof fileVersions.$inferInsert): Promise<VersionRow> {
  const [row] = await db.insert(fileVersions).values(values).returning();
  return row!;
}

export async function deleteVersion(db: Db, id: string): Promise<void> {
  await db.delete(fileVersions).where(eq(fileVersions.id, id));
}

/** Every asset of a project's file versions: what deleting the project must remove too. */
export async function assetIdsOfProject(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ assetId: fileVersions.assetId })
    .from(fileVersions)
    .innerJoin(projectFiles, eq(projectFiles.id, fileVersions.fileId))
    .where(eq(projectFiles.projectId, projectId));
  return rows.map((r) => r.assetId);
}

/** A version by its id, with the project it belongs to: what a signed download opens. */
export async function findVersionById(db: Db, versionId: string) {
  const [row] = await db
    .select({ version: fileVersions, file: { id: projectFiles.id, name: projectFiles.name, projectId: projectFiles.projectId } })
    .from(fileVersions)
    .innerJoin(projectFiles, eq(projectFiles.id, fileVersions.fileId))
    .where(eq(fileVersions.id, versionId));
  return row ?? null;
}
