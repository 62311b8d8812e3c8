import type { ObjectDetail } from '../../../../../features/objects/api';
import type { ObjectInput } from '../../../../../features/objects/edit/api';
import type { GeoJson } from '../../../../../features/objects/edit/drawing';

/**
 * The body of PUT data/obj/{name} from Site Admin: the object's fields plus its doc, as
 * the API takes them, with the title, types and metadata changed here and everything else
 * sent back as it was read (the parent by its id). The projects are left out: they are
 * changed one by one on their own addresses.
 */
export function fullObjectBody(detail: ObjectDetail, change: { title: string; types: string[]; metadata: Record<string, unknown> }): ObjectInput {
  const { obj } = detail;
  return {
    name: obj.name,
    title: change.title,
    types: change.types,
    parent: obj.parent?.id ?? null,
    visibility: obj.visibility,
    geo: obj.geo as GeoJson | null,
    metadata: change.metadata,
    doc: detail.doc,
  };
}

/**
 * The metadata problems of a refusal (fields named "metadata.<field>", or "metadata" for
 * the whole), each as "field: message", in the server's order and words.
 */
export function metadataProblems(errors: Record<string, string>): string[] {
  return Object.entries(errors)
    .filter(([field]) => field === 'metadata' || field.startsWith('metadata.'))
    .map(([field, message]) => (field === 'metadata' ? message : `${field.slice('metadata.'.length)}: ${message}`));
}
