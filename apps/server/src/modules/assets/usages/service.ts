import type { AssetUsage } from '@observatory/shared';

/**
 * How a stored document (ProseMirror JSON: a project's documentation, an update's text,
 * an object's doc, an insight, a person's bio, and every revision of them) shows an
 * uploaded image: a node `{"type": "image", "attrs": {"asset": "<asset uuid>"}}`, at any
 * depth: the shared list of document nodes' `image` (the rich-text editor's image). The
 * documents module records the images each revision names (document_images); an asset
 * named so in any revision counts as used and is never swept.
 */
export const IMAGE_NODE = { type: 'image', assetAttr: 'asset' } as const;

/** An image node of a document, as IMAGE_NODE describes it. */
export const imageNode = (assetId: string) => ({ type: IMAGE_NODE.type, attrs: { [IMAGE_NODE.assetAttr]: assetId } });

/**
 * What holds an asset, as the usages statement names it: the registry's kind of the row
 * (photo, comment, person, institution, version, project, update, object, insight, page), or
 * `pending` (an image uploaded for a comment on an insight, not on a comment yet: held by
 * the insight) and `bio` (a person's bio: held by the person).
 */
export type Holder = 'photo' | 'comment' | 'pending' | 'person' | 'institution' | 'version' | 'project' | 'update' | 'object' | 'insight' | 'page' | 'bio';

/** One use of an asset, with what its label and path are made of (read whether or not the reader may see it). */
export interface UsageRow {
  assetId: string;
  kind: AssetUsage['kind'];
  holder: Holder | string;
  holderId: string;
  /** Documents: whether the current text (not only an older revision) shows it. */
  current: boolean | null;
  /** Whether the reader may see the holder (the registry's visibleTo). */
  visible: boolean;
  /** The holder's title or name; null when it is gone. */
  title: string | null;
  /** The key of its page: a slug, an object's name, an insight's number. */
  key: string | null;
  /** The enclosing page's key and title: an update's project, a file's project. */
  parentKey: string | null;
  parentTitle: string | null;
  /** A file version's number. */
  number: number | null;
}

const seg = encodeURIComponent;

/** What documents are "the text of", and their page. */
function documentOf(row: UsageRow): { what: string; path: string | null } {
  if (row.title === null || row.key === null) return { what: 'something no longer there', path: null };
  switch (row.holder) {
    case 'project':
      return { what: row.title, path: `/projects/${seg(row.key)}` };
    case 'update':
      return { what: `the update “${row.title}”`, path: row.parentKey ? `/projects/${seg(row.parentKey)}/updates/${seg(row.key)}` : null };
    case 'object':
      return { what: row.title, path: `/data/${seg(row.key)}` };
    case 'insight':
      return { what: `“${row.title}”`, path: `/insights/${row.key}` };
    // A page's path is made of safe segments joined by slashes: the address as it is.
    case 'page':
      return { what: `“${row.title}”`, path: `/doc/${row.key}` };
    case 'bio':
      return { what: `${row.title}’s bio`, path: `/people/${seg(row.key)}` };
    default:
      return { what: 'something else', path: null };
  }
}

/** A use as a reader sees it: what it is and the page that shows it. */
export function toUsage(row: UsageRow): AssetUsage {
  const { kind, title, key } = row;
  const found = title !== null && key !== null;
  switch (row.holder) {
    case 'photo':
      return found ? { kind, label: `Photo of ${title}`, path: `/data/${seg(key)}/photos` } : { kind, label: 'Photo of a deleted object', path: null };
    case 'comment':
      return { kind, label: `Image of a comment on “${title ?? 'a deleted insight'}”`, path: found ? `/insights/${key}` : null };
    case 'pending':
      return { kind, label: `Image uploaded for a comment on “${title ?? 'a deleted insight'}”`, path: found ? `/insights/${key}` : null };
    case 'person':
      return { kind, label: `${title ?? 'Someone'}’s portrait`, path: found ? `/people/${seg(key)}` : null };
    case 'institution':
      return { kind, label: `${title ?? 'A partner'}’s logo`, path: found ? `/partners/${seg(key)}` : null };
    case 'version':
      return {
        kind,
        label: `Version ${row.number ?? '?'} of the file “${title ?? '?'}” of ${row.parentTitle ?? 'a project'}`,
        path: row.parentKey ? `/projects/${seg(row.parentKey)}/files` : null,
      };
    default: {
      const { what, path } = documentOf(row);
      return { kind, label: `An image in ${row.current ? '' : 'an earlier version of '}the text of ${what}`, path };
    }
  }
}

const KIND_ORDER: readonly AssetUsage['kind'][] = ['photo', 'comment', 'person', 'institution', 'file', 'document'];

/** Usages in a steady order: by kind, then label. */
export const byKindAndLabel = (a: AssetUsage, b: AssetUsage) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.label.localeCompare(b.label);

/** "Photo of Abisko, Ada’s portrait and 2 more you cannot see": where an asset is used, for a refusal. */
export function whereUsed(visible: AssetUsage[], hidden: number): string {
  const names = visible.map((u) => u.label);
  if (hidden) names.push(names.length ? `${hidden} more you cannot see` : `${hidden} ${hidden === 1 ? 'place' : 'places'} you cannot see`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}
