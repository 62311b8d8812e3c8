import { API_ROOT, BodyVersionSchema, PROJECT_FILE_LIMITS, type ProjectFile } from '@observatory/shared';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { authorize, type Actor } from '../../../authz/authorize.js';
import { isUuid, keepRow } from '../../../authz/lookup.js';
import type { Database } from '../../../db/client.js';
import { audit } from '../../../lib/audit.js';
import { checkVersion, type Precondition } from '../../../lib/versions.js';
import { AppError, invalidField, notFound } from '../../../lib/errors.js';
import { withoutHiddenControls } from '../../../lib/images.js';
import type { SignedQuery, UrlSigner } from '../../../lib/signed-urls.js';
import type { ReceiveUpload } from '../../../lib/uploads.js';
import type { FileAssets } from '../../assets/index.js';
import { describeAsset, type AssetsService, type StoredAsset } from '../../assets/index.js';
import type { UsersService } from '../../users/index.js';
import * as repo from './repo.js';
import { projectResource, type ProjectsService } from '../service.js';

/** PUT /projects/{id}/files/{fid}: the changed fields. Also the fields of an upload form. */
export const FileChangeSchema = z.object({
  // A name shown to others keeps no bidirectional controls (see withoutHiddenControls).
  name: z.string().overwrite(withoutHiddenControls).trim().min(1, 'Give the file a name').max(PROJECT_FILE_LIMITS.name).optional(),
  description: z
    .string()
    .trim()
    .max(PROJECT_FILE_LIMITS.description)
    .nullable()
    .optional()
    .transform((d) => (d === '' ? null : d)),
});
export type FileChange = z.output<typeof FileChangeSchema>;
/** PUT /projects/{id}/files/{fid}: the changed fields, and the version the edit is based on (as If-Match). */
export const FileUpdateSchema = FileChangeSchema.extend({ version: BodyVersionSchema });

/** What a signed download URL opens. */
export interface Download {
  fileName: string;
  mediaType: string;
  size: number;
  sha256: string;
  open: () => Promise<Readable>;
}

/** The paths GET auth/sign/{path} signs: a version of a project file, by number or "latest". */
const SIGNABLE = /^(?:\/?api\/v1)?\/?projects\/([^/]+)\/files\/([^/]+)\/([^/]+)$/;

/**
 * The name a file takes when its newest version changes from one upload to another: the
 * new upload's, while the file is named after the old one (nobody chose another name), so
 * a list never shows the name of bytes that are no longer the latest. Undefined: it keeps its name.
 */
function followedName(name: string, was: string | null, now: string | null): string | undefined {
  return was !== null && now !== null && name === was && now !== was ? now : undefined;
}

/** Form fields as the JSON body would carry them, checked by the same schema; errors name `body.<field>`. */
function formFields(fields: Readonly<Record<string, string>>): FileChange {
  const parsed = FileChangeSchema.safeParse({
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidField(`body.${issue.path.join('.')}`, issue.message);
  }
  return parsed.data;
}

/**
 * Project files: each a name, a description and numbered versions, every version an
 * asset of any type. Bytes stream to the storage before the transaction that records
 * them (the database queue is never held while they do); a failure removes them again.
 */
export function createProjectFilesService(deps: {
  db: Database;
  projects: ProjectsService;
  assets: AssetsService;
  fileAssets: FileAssets;
  users: UsersService;
  signer: UrlSigner;
}) {
  const { db, projects, assets, fileAssets, users, signer } = deps;

  async function loadForUpload(actor: Actor | null, key: string) {
    const project = await projects.loadProject(actor, key);
    authorize(actor, 'upload', projectResource(project), 'Project');
    return project;
  }

  async function fileOf(projectId: string, fileId: string): Promise<ProjectFile> {
    const [file] = await db.use((d) => repo.filesOf(d, projectId, [fileId]));
    if (!file) throw notFound('File');
    return file;
  }

  async function requireFile(projectId: string, fileId: string) {
    const row = await db.use((d) => repo.findFile(d, projectId, fileId));
    if (!row) throw notFound('File');
    return row;
  }

  /** Streams the upload into the storage; when anything after that fails, its bytes go again. */
  async function withUpload<T>(
    receive: ReceiveUpload,
    check: (fields: Readonly<Record<string, string>>) => void,
    save: (asset: StoredAsset, fields: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    const held: { asset?: StoredAsset } = {};
    try {
      const fields = await receive(async (upload, fieldsSoFar) => {
        try {
          check(fieldsSoFar);
        } catch (err) {
          upload.stream.destroy();
          throw err;
        }
        held.asset = await fileAssets.store(upload);
      });
      check(fields);
      return await save(held.asset!, fields);
    } catch (err) {
      if (held.asset) await fileAssets.discard(held.asset);
      throw err;
    }
  }

  return {
    async listFiles(actor: Actor | null, key: string) {
      const project = await projects.loadProject(actor, key);
      return db.use((d) => repo.filesOf(d, project.id));
    },

    async getFile(actor: Actor | null, key: string, fileId: string) {
      const project = await projects.loadProject(actor, key);
      return fileOf(project.id, fileId);
    },

    /** A new file with the upload as version 1 (upload on the project). */
    async createFile(actor: Actor | null, key: string, receive: ReceiveUpload) {
      const project = await loadForUpload(actor, key);
      const fileId = await withUpload(receive, formFields, async (asset, fields) => {
        const input = formFields(fields);
        const name = input.name ?? asset.fileName ?? 'Untitled file';
        return db.transaction(async (tx) => {
          await keepRow(tx, 'project', project.id);
          await fileAssets.record(tx, actor, asset);
          const file = await repo.insertFile(tx, { projectId: project.id, name, description: input.description ?? null });
          await repo.insertVersion(tx, { fileId: file.id, version: 1, assetId: asset.id, authorId: actor!.personId });
          await audit(
            tx,
            actor,
            'project.file.create',
            { type: 'project', id: project.id },
            { after: { fileId: file.id, name, description: file.description, version: 1, ...describeAsset(asset) } },
          );
          return file.id;
        });
      });
      return fileOf(project.id, fileId);
    },

    /** The next version of a file (upload on the project); answers the version. */
    async createVersion(actor: Actor | null, key: string, fileId: string, receive: ReceiveUpload) {
      const project = await loadForUpload(actor, key);
      await requireFile(project.id, fileId);
      const version = await withUpload(
        receive,
        () => {},
        (asset) =>
          db.transaction(async (tx) => {
            const file = await repo.lockFile(tx, project.id, fileId);
            if (!file) throw notFound('File');
            const next = file.lastVersion + 1;
            const name = followedName(file.name, await repo.latestFileName(tx, fileId), asset.fileName);
            await fileAssets.record(tx, actor, asset);
            await repo.insertVersion(tx, { fileId, version: next, assetId: asset.id, authorId: actor!.personId });
            await repo.changeFile(tx, actor, fileId, { lastVersion: next, ...(name ? { name } : {}) });
            await audit(
              tx,
              actor,
              'project.file.version.create',
              { type: 'project', id: project.id },
              { after: { fileId, version: next, ...(name ? { name } : {}), ...describeAsset(asset) } },
            );
            return next;
          }),
      );
      return (await fileOf(project.id, fileId)).versions.find((v) => v.version === version)!;
    },

    /** Renames or describes a file (edit). */
    async updateFile(actor: Actor | null, key: string, fileId: string, input: FileChange, precondition: Precondition = {}) {
      const project = await projects.loadProjectFor(actor, key, 'edit');
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.fileVersion(project.id, fileId), precondition);
        const before = await repo.lockFile(tx, project.id, fileId);
        if (!before) throw notFound('File');
        const after = await repo.changeFile(tx, actor, fileId, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
        });
        await audit(
          tx,
          actor,
          'project.file.change',
          { type: 'project', id: project.id },
          { before: { fileId, name: before.name, description: before.description }, after: { fileId, name: after.name, description: after.description } },
        );
      });
      return fileOf(project.id, fileId);
    },

    /** Deletes a file, its versions, their assets and (after the commit) their bytes (edit). */
    async deleteFile(actor: Actor | null, key: string, fileId: string, precondition: Precondition = {}) {
      const project = await projects.loadProjectFor(actor, key, 'edit');
      const keys = await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.fileVersion(project.id, fileId), precondition);
        const file = await repo.lockFile(tx, project.id, fileId);
        if (!file) throw notFound('File');
        const versions = await repo.versionsOf(tx, fileId);
        await repo.deleteFile(tx, fileId);
        const removed: string[] = [];
        for (const v of versions) removed.push(...(await assets.deleteAssetIn(tx, v.assetId)));
        await audit(
          tx,
          actor,
          'project.file.delete',
          { type: 'project', id: project.id },
          { before: { fileId, name: file.name, description: file.description, versions: versions.map((v) => ({ version: v.version, assetId: v.assetId })) } },
        );
        return removed;
      });
      await assets.deleteFiles(keys);
    },

    /**
     * Deletes one version, its asset and (after the commit) its bytes (edit). The only
     * version of a file is refused (409): delete the file instead. Answers the file.
     */
    async deleteVersion(actor: Actor | null, key: string, fileId: string, number: number) {
      const project = await projects.loadProjectFor(actor, key, 'edit');
      const keys = await db.transaction(async (tx) => {
        const file = await repo.lockFile(tx, project.id, fileId);
        if (!file) throw notFound('File');
        const versions = await repo.versionsOf(tx, fileId);
        const version = versions.find((v) => v.version === number);
        if (!version) throw notFound('File version');
        if (versions.length === 1) {
          throw new AppError('CONFLICT', 'This is the only version of the file: delete the file instead', {
            details: [{ field: 'params.version', message: 'The only version' }],
          });
        }
        const was = await repo.latestFileName(tx, fileId);
        await repo.deleteVersion(tx, version.id);
        const removed = await assets.deleteAssetIn(tx, version.assetId);
        const name = followedName(file.name, was, await repo.latestFileName(tx, fileId));
        await repo.changeFile(tx, actor, fileId, name ? { name } : {});
        await audit(
          tx,
          actor,
          'project.file.version.delete',
          { type: 'project', id: project.id },
          { before: { fileId, version: number, assetId: version.assetId }, ...(name ? { after: { fileId, name } } : {}) },
        );
        return removed;
      });
      await assets.deleteFiles(keys);
      return fileOf(project.id, fileId);
    },

    /**
     * GET auth/sign/{path}: a download URL for a version of a project file, valid a few
     * minutes, for whoever may see the project (404 otherwise, as for the project).
     */
    async signUrl(actor: Actor | null, path: string) {
      const match = SIGNABLE.exec(path);
      if (!match) throw invalidField('params.path', 'Sign a file version: projects/{id}/files/{fileId}/{version|latest}');
      const [, projectKey, fileId, which] = match as unknown as [string, string, string, string];
      if (!isUuid(fileId)) throw invalidField('params.path', 'The file id is not a UUID');
      if (which !== 'latest' && !/^[1-9]\d{0,8}$/.test(which)) throw invalidField('params.path', 'The version is a number from 1, or "latest"');
      const project = await projects.loadProject(actor, projectKey);
      const versions = await db.use(async (d) => ((await repo.findFile(d, project.id, fileId)) ? repo.versionsOf(d, fileId) : null));
      if (!versions) throw notFound('File');
      const version = which === 'latest' ? versions[0] : versions.find((v) => v.version === Number(which));
      if (!version) throw notFound('File version');
      const signed = signer.signQuery(`files/${version.id}`, actor?.userId ?? null);
      return {
        url: `${API_ROOT}/files/${version.id}?${signed.query}`,
        expiresAt: new Date(signed.expires * 1000).toISOString(),
      };
    },

    /**
     * Opens a signed download: 403 for a missing, altered or expired signature; 404 when
     * the version is gone or the one the URL was made for may no longer see the project.
     */
    async download(versionId: string, query: SignedQuery): Promise<Download> {
      const { verdict } = signer.verifyQuery(`files/${versionId}`, query);
      if (verdict === 'expired') throw new AppError('FORBIDDEN', 'This download link has expired: open the file again from its project to get a new one');
      if (verdict !== 'valid') throw new AppError('FORBIDDEN', 'This download link is not valid: open the file from its project');
      const found = await db.use((d) => repo.findVersionById(d, versionId));
      if (!found) throw notFound('File version');
      const signedFor = query.user ? await users.actorFor(query.user) : null;
      if (query.user && !signedFor) throw notFound('File version');
      await projects.loadProject(signedFor, found.file.projectId);
      const asset = await fileAssets.find(found.version.assetId);
      if (!asset) throw notFound('File version');
      return {
        fileName: asset.fileName ?? found.file.name,
        mediaType: asset.mediaType,
        size: asset.size,
        sha256: asset.sha256,
        open: async () => {
          const stream = await asset.open();
          if (!stream) throw notFound('File version');
          return stream;
        },
      };
    },
  };
}
