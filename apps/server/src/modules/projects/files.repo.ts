import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ProjectFile } from '@observatory/shared';
import type { Db } from '../../db/client';
import { assets, fileVersions, people, projectFiles } from '../../db/schema';

export type FileRow = typeof projectFiles.$inferSelect;
export type VersionRow = typeof fileVersions.$inferSelect;

const versionColumns = {
  fileId: fileVersions.fileId,
  version: fileVersions.version,
  createdAt: fileVersions.createdAt,
  asset: { fileName: assets.fileName, mediaType: assets.mediaType, size: assets.size, sha256: assets.sha256 },
  author: { id: people.id, slug: people.slug, name: people.name },
};

/** A project's files with their versions (newest first), files by name; or only the files named. */
export async function filesOf(db: Db, projectId: string, fileIds?: string[]): Promise<ProjectFile[]> {
  const files = await db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.projectId, projectId), fileIds ? inArray(projectFiles.id, fileIds) : undefined))
    .orderBy(asc(sql`lower(${projectFiles.name})`), asc(projectFiles.createdAt), asc(projectFiles.id));
  if (files.length === 0) return [];
  const versions = await db
    .select(versionColumns)
    .from(fileVersions)
    .innerJoin(assets, eq(assets.id, fileVersions.assetId))
    .leftJoin(people, eq(people.id, fileVersions.authorId))
    .where(inArray(fileVersions.fileId, files.map((f) => f.id)))
    .orderBy(desc(fileVersions.version));
  return files.map((f) => ({
    id: f.id,
    name: f.name,
    description: f.description,
    createdAt: f.createdAt.toISOString(),
    versions: versions
      .filter((v) => v.fileId === f.id)
      .map((v) => ({ version: v.version, ...v.asset, createdAt: v.createdAt.toISOString(), author: v.author?.id ? v.author : null })),
  }));
}

export async function findFile(db: Db, projectId: string, fileId: string): Promise<FileRow | null> {
  const [row] = await db.select().from(projectFiles).where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.id, fileId)));
  return row ?? null;
}

/** Locks the file's row until the transaction ends: versions are numbered one at a time. */
export async function lockFile(db: Db, projectId: string, fileId: string): Promise<FileRow | null> {
  const [row] = await db.select().from(projectFiles).where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.id, fileId))).for('update');
  return row ?? null;
}

export async function insertFile(db: Db, values: typeof projectFiles.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(projectFiles).values(values).returning();
  return row!;
}

export async function changeFile(db: Db, id: string, values: { name?: string; description?: string | null; lastVersion?: number }): Promise<FileRow> {
  const [row] = await db.update(projectFiles).set({ ...values, updatedAt: new Date() }).where(eq(projectFiles.id, id)).returning();
  return row!;
}

export async function deleteFile(db: Db, id: string): Promise<void> {
  await db.delete(projectFiles).where(eq(projectFiles.id, id));
}

export async function versionsOf(db: Db, fileId: string): Promise<VersionRow[]> {
  return db.select().from(fileVersions).where(eq(fileVersions.fileId, fileId)).orderBy(desc(fileVersions.version));
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
