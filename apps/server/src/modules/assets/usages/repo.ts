import { sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../../authz/policy.js';
import type { Kind } from '../../../authz/resources.js';
import { visibleTo } from '../../../authz/visibility.js';
import { rowsOf, type Db } from '../../../db/client.js';
import {
  documentImages,
  fileVersions,
  insightCommentPhotos,
  insightComments,
  insights,
  institutions,
  objects,
  pages,
  people,
  photos,
  projectFiles,
  projects,
  projectUpdates,
} from '../../../db/schema/index.js';
import type { UsageRow } from './service.js';

/** The asset column of a branch: one of `ids`, or any asset (never null). */
const among = (column: AnyPgColumn | SQL, ids: readonly string[] | null) =>
  ids ? sql`${column} = any(${sql.param(ids)}::uuid[])` : sql`${column} is not null`;

/**
 * Another comment than the one in scope: the one using an image uploaded for comments.
 * (In a template an alias renders as its name alone, so a FROM names the table first:
 * `${table} as ${alias}`.)
 */
const usedBy = alias(insightComments, 'used_by');

/**
 * Every use of the assets `ids` (null: of every asset), one row per holder:
 * `(asset_id, kind, holder, holder_id, current)`. The one definition of "used": the
 * detail's usages, the list's counts, the unused filter and the totals all read it.
 *
 * - an object's photo (`photos.asset_id`, the photo even when its object is deleted);
 * - a comment's image (`insight_comments.photo_id`), and an image uploaded for a comment
 *   on an insight that no comment shows yet (`insight_comment_photos`, while the insight
 *   exists and for `graceMinutes` after the upload: a comment never written leaves it unused
 *   (null: however long ago: who may see such an image is its insight's to say, used or not);
 *   held by the insight);
 * - a person's portrait (`people.photo_id`), a partner's logo (`institutions.logo_id`);
 * - a version of a project file (`file_versions.asset_id`);
 * - an image node (IMAGE_NODE) in a document (projects, updates, objects, insights, pages,
 *   people's bios): one row per document whose current text or any older revision names it,
 *   `current` telling whether the current text does (`document_images`, kept by the documents
 *   module with each revision).
 */
export function usageRows(ids: readonly string[] | null, graceMinutes: number | null): SQL {
  const recent = graceMinutes === null ? sql`true` : sql`${insightCommentPhotos.createdAt} > now() - make_interval(mins => ${graceMinutes})`;
  return sql`
    select ${photos.assetId} as asset_id, 'photo'::text as kind, 'photo'::text as holder, ${photos.id} as holder_id, null::boolean as current
      from ${photos} where ${among(photos.assetId, ids)}
    union all select ${insightComments.photoId}, 'comment', 'comment', ${insightComments.id}, null
      from ${insightComments} where ${among(insightComments.photoId, ids)}
    union all select ${insightCommentPhotos.assetId}, 'comment', 'pending', ${insightCommentPhotos.insightId}, null
      from ${insightCommentPhotos}
      where ${among(insightCommentPhotos.assetId, ids)} and ${insightCommentPhotos.insightId} is not null
        and ${recent}
        and not exists (select 1 from ${insightComments} as ${usedBy} where ${usedBy.photoId} = ${insightCommentPhotos.assetId})
    union all select ${people.photoId}, 'person', 'person', ${people.id}, null from ${people} where ${among(people.photoId, ids)}
    union all select ${institutions.logoId}, 'institution', 'institution', ${institutions.id}, null from ${institutions} where ${among(institutions.logoId, ids)}
    union all select ${fileVersions.assetId}, 'file', 'version', ${fileVersions.id}, null from ${fileVersions} where ${among(fileVersions.assetId, ids)}
    union all select ${documentImages.assetId}, 'document', ${documentImages.ownerType}, ${documentImages.ownerId}, ${documentImages.current}
      from ${documentImages} where ${among(documentImages.assetId, ids)}`;
}

/** The ids of every asset in use, once each: to join against (an anti-join finds the unused). */
export const usedAssetIds = (graceMinutes: number): SQL => sql`(select distinct u.asset_id from (${usageRows(null, graceMinutes)}) as u)`;

const objectOfPhoto = alias(objects, 'object_of_photo');
const insightOfComment = alias(insights, 'insight_of_comment');
const fileOfVersion = alias(projectFiles, 'file_of_version');
const projectOfFile = alias(projects, 'project_of_file');
const projectOfUpdate = alias(projects, 'project_of_update');

/**
 * The uses of the assets `ids`, each with what its label and path are made of and
 * whether `actor` may see its holder: the registry's visibleTo for the holder's kind,
 * evaluated on the holder's own row (so an object's photo is seen as the object is, an
 * orphan photo by its uploader and manageAssets, an update as its project).
 */
export async function usagesOf(d: Db, actor: Actor | null, ids: readonly string[], graceMinutes: number | null): Promise<UsageRow[]> {
  if (!ids.length) return [];
  const seen = (kind: Kind, row: AnyPgColumn) => sql`${row} is not null and (${visibleTo(actor, kind) ?? sql`true`})`;
  const result = await d.execute(sql`
    select u.asset_id, u.kind, u.holder, u.holder_id, u.current,
      case u.holder
        when 'photo' then ${seen('photo', photos.id)}
        when 'comment' then ${seen('comment', insightComments.id)}
        when 'pending' then ${seen('insight', insights.id)}
        when 'insight' then ${seen('insight', insights.id)}
        when 'person' then ${seen('person', people.id)}
        when 'bio' then ${seen('person', people.id)}
        when 'institution' then ${seen('institution', institutions.id)}
        when 'version' then ${seen('version', fileVersions.id)}
        when 'project' then ${seen('project', projects.id)}
        when 'update' then ${seen('update', projectUpdates.id)}
        when 'object' then ${seen('object', objects.id)}
        when 'page' then ${seen('page', pages.id)}
        else false
      end as visible,
      case u.holder
        when 'photo' then ${objectOfPhoto.title}
        when 'comment' then ${insightOfComment.title}
        when 'pending' then ${insights.title}
        when 'insight' then ${insights.title}
        when 'person' then ${people.name}
        when 'bio' then ${people.name}
        when 'institution' then ${institutions.name}
        when 'version' then ${fileOfVersion.name}
        when 'project' then ${projects.title}
        when 'update' then ${projectUpdates.title}
        when 'object' then ${objects.title}
        when 'page' then ${pages.title}
      end as title,
      case u.holder
        when 'photo' then ${objectOfPhoto.name}
        when 'comment' then ${insightOfComment.num}::text
        when 'pending' then ${insights.num}::text
        when 'insight' then ${insights.num}::text
        when 'person' then ${people.slug}
        when 'bio' then ${people.slug}
        when 'institution' then ${institutions.slug}
        when 'version' then ${fileOfVersion.id}::text
        when 'project' then ${projects.slug}
        when 'update' then ${projectUpdates.slug}
        when 'object' then ${objects.name}
        when 'page' then ${pages.path}
      end as key,
      case u.holder when 'version' then ${projectOfFile.slug} when 'update' then ${projectOfUpdate.slug} end as parent_key,
      case u.holder when 'version' then ${projectOfFile.title} when 'update' then ${projectOfUpdate.title} end as parent_title,
      case u.holder when 'version' then ${fileVersions.version} end as number
    from (${usageRows(ids, graceMinutes)}) as u
      left join ${photos} on u.holder = 'photo' and ${photos.id} = u.holder_id
      left join ${objects} as ${objectOfPhoto} on ${objectOfPhoto.id} = ${photos.objectId}
      left join ${insightComments} on u.holder = 'comment' and ${insightComments.id} = u.holder_id
      left join ${insights} as ${insightOfComment} on ${insightOfComment.id} = ${insightComments.insightId}
      left join ${insights} on u.holder in ('pending', 'insight') and ${insights.id} = u.holder_id
      left join ${people} on u.holder in ('person', 'bio') and ${people.id} = u.holder_id
      left join ${institutions} on u.holder = 'institution' and ${institutions.id} = u.holder_id
      left join ${fileVersions} on u.holder = 'version' and ${fileVersions.id} = u.holder_id
      left join ${projectFiles} as ${fileOfVersion} on ${fileOfVersion.id} = ${fileVersions.fileId}
      left join ${projects} as ${projectOfFile} on ${projectOfFile.id} = ${fileOfVersion.projectId}
      left join ${projects} on u.holder = 'project' and ${projects.id} = u.holder_id
      left join ${projectUpdates} on u.holder = 'update' and ${projectUpdates.id} = u.holder_id
      left join ${projects} as ${projectOfUpdate} on ${projectOfUpdate.id} = ${projectUpdates.projectId}
      left join ${objects} on u.holder = 'object' and ${objects.id} = u.holder_id
      left join ${pages} on u.holder = 'page' and ${pages.id} = u.holder_id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    assetId: r.asset_id as string,
    kind: r.kind as UsageRow['kind'],
    holder: r.holder as string,
    holderId: r.holder_id as string,
    current: (r.current as boolean | null) ?? null,
    visible: r.visible === true,
    title: (r.title as string | null) ?? null,
    key: (r.key as string | null) ?? null,
    parentKey: (r.parent_key as string | null) ?? null,
    parentTitle: (r.parent_title as string | null) ?? null,
    number: r.number === null || r.number === undefined ? null : Number(r.number),
  }));
}

/** How many uses each of `ids` has (absent: none), whoever may see them. */
export async function useCounts(d: Db, ids: readonly string[], graceMinutes: number): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const result = await d.execute(sql`select u.asset_id, count(*)::int as uses from (${usageRows(ids, graceMinutes)}) as u group by u.asset_id`);
  return new Map(rowsOf<{ asset_id: string; uses: number }>(result).map((r) => [r.asset_id, Number(r.uses)]));
}
