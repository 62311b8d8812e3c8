import { documentText, type ProseMirrorDoc } from '@observatory/shared';

/** A field's value as the list of what waits and the decision show it: text, a document's text, a geometry in words. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value !== 'object') return String(value);
  const object = value as { type?: unknown; coordinates?: unknown; features?: unknown[] };
  if (object.type === 'doc') return documentText(value as ProseMirrorDoc) || '(empty)';
  if (object.type === 'Point' && Array.isArray(object.coordinates)) return `Point at ${object.coordinates.slice(0, 2).join(', ')}`;
  if (object.type === 'FeatureCollection') return `${object.features?.length ?? 0} geometries`;
  if (typeof object.type === 'string' && 'coordinates' in object) return `${object.type}`;
  if (Array.isArray(value)) return value.map(shownValue).join(', ') || '(none)';
  return JSON.stringify(value);
}

/** A field's name as people read it: a metadata field by its title in its type's schema (`titles`), "doc" the documentation. */
export function fieldLabel(key: string, titles: Map<string, string>): string {
  if (key.startsWith('metadata.')) {
    const field = key.slice('metadata.'.length);
    return titles.get(field) ?? field;
  }
  return { title: 'Title', name: 'Name', types: 'Types', parent: 'Parent', visibility: 'Who can see it', geo: 'Geometry', doc: 'Documentation' }[key] ?? key;
}
