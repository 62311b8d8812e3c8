import type { GeoJson } from '@observatory/shared';

/** What an import compares of an object, before and after. */
export interface ObjectState {
  title: string;
  metadata: Record<string, unknown>;
  geo: GeoJson | null;
  projects: string[];
  types: string[];
}

export interface ImportStats {
  created: number;
  updated: number;
  unchanged: number;
  errors: number;
  metadataAdded: number;
  metadataChanged: number;
  metadataRemoved: number;
  locationAdded: number;
  locationChanged: number;
  locationRemoved: number;
  projectsAdded: number;
  projectsRemoved: number;
  typesAdded: number;
  typesRemoved: number;
}

export const emptyStats = (): ImportStats => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  errors: 0,
  metadataAdded: 0,
  metadataChanged: 0,
  metadataRemoved: 0,
  locationAdded: 0,
  locationChanged: 0,
  locationRemoved: 0,
  projectsAdded: 0,
  projectsRemoved: 0,
  typesAdded: 0,
  typesRemoved: 0,
});

/** A location moved by this much or less, in the coordinates' own degrees, has not changed (the spec's threshold). */
export const LOCATION_THRESHOLD = 0.00001;

/** A geometry's parts: a FeatureCollection's features' geometries, else the geometry itself. */
const partsOf = (geo: GeoJson) => (geo.type === 'FeatureCollection' ? geo.features.map((f) => f.geometry) : [geo]);

/** Whether two coordinate arrays have the same structure, each position within LOCATION_THRESHOLD of the other's (planar distance). */
function near(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return false;
  // A position: an elevation (third number) is not kept, so not compared.
  if (typeof a[0] === 'number') return typeof b[0] === 'number' && Math.hypot(a[0] - b[0], Number(a[1]) - Number(b[1])) <= LOCATION_THRESHOLD;
  return a.length === b.length && a.every((item, i) => near(item, b[i]));
}

/**
 * How a location changed: added, removed, or changed when its kind differs (part by part for
 * a FeatureCollection), its rings or lines have other positions, or a position moved more
 * than LOCATION_THRESHOLD.
 */
export function locationChange(before: GeoJson | null, after: GeoJson | null): 'added' | 'changed' | 'removed' | null {
  if (!before) return after ? 'added' : null;
  if (!after) return 'removed';
  if (before.type !== after.type) return 'changed';
  const [a, b] = [partsOf(before), partsOf(after)];
  if (a.length !== b.length) return 'changed';
  return a.every((part, i) => part.type === b[i]!.type && near(part.coordinates, b[i]!.coordinates)) ? null : 'changed';
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What an update changes, counted as the stats count it (each metadata field, project and type by itself). */
export function changesOf(before: ObjectState, after: ObjectState): Partial<ImportStats> {
  const keys = new Set([...Object.keys(before.metadata), ...Object.keys(after.metadata)]);
  const changes: Partial<ImportStats> = {};
  const add = (key: keyof ImportStats, n = 1) => {
    if (n > 0) changes[key] = (changes[key] ?? 0) + n;
  };
  for (const key of keys) {
    const [was, is] = [before.metadata[key], after.metadata[key]];
    if (was === undefined) add('metadataAdded');
    else if (is === undefined) add('metadataRemoved');
    else if (!same(was, is)) add('metadataChanged');
  }
  const moved = locationChange(before.geo, after.geo);
  if (moved) add(moved === 'added' ? 'locationAdded' : moved === 'removed' ? 'locationRemoved' : 'locationChanged');
  add('projectsAdded', after.projects.filter((p) => !before.projects.includes(p)).length);
  add('projectsRemoved', before.projects.filter((p) => !after.projects.includes(p)).length);
  add('typesAdded', after.types.filter((t) => !before.types.includes(t)).length);
  add('typesRemoved', before.types.filter((t) => !after.types.includes(t)).length);
  return changes;
}

/** Whether an update changes anything the stats count, or the title. */
export const changesAnything = (before: ObjectState, after: ObjectState) => before.title !== after.title || Object.keys(changesOf(before, after)).length > 0;

/** The stats of a preview: each record's operation, and each update's changes summed. */
export function tally(
  records: { status: 'ok' | 'error'; operation: 'create' | 'update' | 'none' | null; before: ObjectState | null; after: ObjectState | null }[],
): ImportStats {
  const stats = emptyStats();
  for (const r of records) {
    if (r.status === 'error') stats.errors++;
    else if (r.operation === 'create') stats.created++;
    else if (r.operation === 'none') stats.unchanged++;
    else if (r.operation === 'update' && r.before && r.after) {
      stats.updated++;
      for (const [key, n] of Object.entries(changesOf(r.before, r.after))) stats[key as keyof ImportStats] += n!;
    }
  }
  return stats;
}

/** An observation import's view of a record: its object's values at its time, by metric (null: none there). */
export interface ObservationState {
  time: string;
  values: Record<string, number | boolean | string | null>;
}

/** What an observation import's record does: its operation, and how many observations it creates, replaces (value or note changed) or leaves as they are. */
export interface ObservationOutcome {
  status: 'ok' | 'error';
  operation: 'create' | 'update' | 'none' | null;
  observations: { created: number; replaced: number; unchanged: number };
}

/** The stats of an observation import: records as the object import counts them, and the observations of those without errors. */
export function observationTally(records: ObservationOutcome[]) {
  const stats = { created: 0, updated: 0, unchanged: 0, errors: 0, observationsCreated: 0, observationsReplaced: 0, observationsUnchanged: 0 };
  for (const { status, operation, observations } of records) {
    if (status === 'error') {
      stats.errors++;
      continue;
    }
    if (operation === 'create') stats.created++;
    else if (operation === 'update') stats.updated++;
    else stats.unchanged++;
    stats.observationsCreated += observations.created;
    stats.observationsReplaced += observations.replaced;
    stats.observationsUnchanged += observations.unchanged;
  }
  return stats;
}
