/**
 * The three kinds of import (objects, object relations, observations): how each reads its
 * options from the address (with guesses from the file's headers for what is not there),
 * what it sends, and how a record's before and after read. The pages are one skeleton and
 * one preview view parameterised by these.
 */
import { z } from 'zod';
import {
  IMPORT_FIELD_NAME_MAX,
  ObjectImportOptionsSchema,
  ObservationImportOptionsSchema,
  RELATION_TYPES,
  RelationImportOptionsSchema,
  type GlobalPermission,
  type ImportColumn,
  type ImportPreview,
  type ObservationImportOptions,
  type RelationImportOptions,
} from '@observatory/shared';
import { guessObjectColumns, guessObservationColumns, guessRelationColumns } from './guess';
import type { ImportKind } from './options-url';
import { valueText, type Describe } from './preview-view';
import { check } from '../../../../lib/validate';

export type ObjectDraft = z.output<typeof ObjectImportOptionsSchema>;

export interface RelationDraft {
  idColumn: number | null;
  relColumns: { site: number | null };
  removeEmptyRels: boolean;
}

export type ObservationLayout = 'wide' | 'long';
export interface ObservationDraft {
  project: string | null;
  table: string | null;
  objectColumn: number | null;
  timeColumn: number | null;
  /** Which of the two ways the file holds its values (kept in the address with the options; not sent). */
  layout: ObservationLayout;
  metricColumns: Record<string, string>;
  metricColumn: number | null;
  valueColumn: number | null;
  noteColumn: number | null;
}

/** The options to send, or why they cannot be sent yet. */
export type Ready<O> = { options: O; problem?: undefined } | { problem: string; options?: undefined };

export interface KindDef<D, O> {
  kind: ImportKind;
  /** "Objects": the choice on the first page. */
  title: string;
  /** What the records become, in a sentence's middle: "objects". */
  noun: string;
  /** What the choice does, under its title. */
  description: string;
  /** The global permission its screens need (none: the server decides, e.g. edit on a project). */
  permission: GlobalPermission | null;
  /** The options the address holds, each checked, with guesses from the headers for the rest. */
  draft(columns: readonly ImportColumn[], raw: unknown): D;
  ready(draft: D): Ready<O>;
  describe: Describe;
  /** What committing will do, for its confirmation. */
  commitSentence(stats: ImportPreview['stats']): string;
}

const ColumnIndex = z.number().int().min(0).max(1000);
const NullableColumn = ColumnIndex.nullable();

/** The fields of `raw` the shape accepts, each on its own: one bad field (an address edited by hand) leaves the others. */
function lenient(shape: Record<string, z.ZodType>, raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    if (!(key in raw)) continue;
    const parsed = check(schema, (raw as Record<string, unknown>)[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out;
}

/** A column past the file's width (another sheet chosen) is no choice. */
const within = (columns: readonly ImportColumn[], index: number | null) => (index !== null && columns.some((c) => c.index === index) ? index : null);
const withinMap = (columns: readonly ImportColumn[], map: Record<string, string>) =>
  Object.fromEntries(Object.entries(map).filter(([k]) => within(columns, Number(k)) !== null));

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function plainCommitSentence(stats: ImportPreview['stats'], noun: [string, string]): string {
  const parts = [];
  if (stats.created) parts.push(`${count(stats.created, noun[0], noun[1])} will be created`);
  if (stats.updated) parts.push(`${count(stats.updated, noun[0], noun[1])} will be updated`);
  const done = parts.length ? `${parts.join(' and ')}.` : 'Nothing will change.';
  return stats.unchanged ? `${done} ${count(stats.unchanged, 'record is', 'records are')} already as the file says.` : done;
}

// ---------------------------------------------------------------- objects

// A field name typed too long stays in the address too, for ready() to say so, rather than drop every mapping on a reload.
const objectShape = { ...ObjectImportOptionsSchema.shape, metadataColumns: z.record(z.string().regex(/^\d+$/), z.string().min(1)).default({}) };

function locationText(geo: unknown): string | null {
  if (!geo || typeof geo !== 'object') return null;
  const { type, coordinates } = geo as { type?: string; coordinates?: unknown };
  if (type === 'Point' && Array.isArray(coordinates) && typeof coordinates[0] === 'number' && typeof coordinates[1] === 'number') {
    return `${coordinates[1]}, ${coordinates[0]} (latitude, longitude)`;
  }
  return type ?? 'A location';
}

const list = (items: unknown) => (Array.isArray(items) && items.length ? items.map(String).join(', ') : null);

export const objectsKind: KindDef<ObjectDraft, ObjectDraft> = {
  kind: 'objects',
  title: 'Objects',
  noun: 'objects',
  description:
    'Each record is an object (a site, a plot…): create new ones or update those its id names, with their title, types, projects, location and metadata.',
  permission: 'importData',
  draft(columns, raw) {
    const given = lenient(objectShape as unknown as Record<string, z.ZodType>, raw) as Partial<ObjectDraft>;
    const base = ObjectImportOptionsSchema.parse({});
    const guess = raw === undefined ? guessObjectColumns(columns) : {};
    const draft = { ...base, ...guess, ...given };
    return {
      ...draft,
      idColumn: within(columns, draft.idColumn),
      titleColumn: within(columns, draft.titleColumn),
      latColumn: within(columns, draft.latColumn),
      lonColumn: within(columns, draft.lonColumn),
      geometryColumn: within(columns, draft.geometryColumn),
      metadataColumns: withinMap(columns, draft.metadataColumns),
    };
  },
  ready(draft) {
    if (draft.setLocation && (draft.latColumn === null) !== (draft.lonColumn === null))
      return { problem: 'Choose both the latitude and the longitude column, or neither.' };
    if (draft.setLocation && draft.latColumn === null && draft.geometryColumn === null)
      return { problem: 'Choose the latitude and longitude columns or the geometry column, or do not set locations.' };
    if (Object.values(draft.metadataColumns).some((key) => key.length > IMPORT_FIELD_NAME_MAX))
      return { problem: `Shorten the metadata field typed for a column: at most ${IMPORT_FIELD_NAME_MAX} characters.` };
    return { options: draft };
  },
  describe(state) {
    const s = state as { title?: string; metadata?: Record<string, unknown>; geo?: unknown; projects?: unknown; types?: unknown };
    return [
      ['Title', s.title ?? null],
      ...Object.entries(s.metadata ?? {}).map(([key, value]): [string, string | null] => [`Metadata: ${key}`, valueText(value)]),
      ['Location', locationText(s.geo)],
      ['Projects', list(s.projects)],
      ['Types', list(s.types)],
    ];
  },
  commitSentence: (stats) => plainCommitSentence(stats, ['object', 'objects']),
};

// ---------------------------------------------------------------- object relations

export const relationsKind: KindDef<RelationDraft, RelationImportOptions> = {
  kind: 'object_rels',
  title: 'Object relations',
  noun: 'relations',
  description: `Each record names an object and its ${RELATION_TYPES.map((t) => t.title.toLowerCase()).join(', ')}: the objects exist already, the import sets how they sit in one another.`,
  permission: 'importData',
  draft(columns, raw) {
    const given = lenient(
      { idColumn: NullableColumn, removeEmptyRels: z.boolean(), relColumns: z.object({ site: NullableColumn }) },
      raw,
    ) as Partial<RelationDraft>;
    const guess = raw === undefined ? guessRelationColumns(columns) : { idColumn: null, relColumns: { site: null } };
    const draft = { removeEmptyRels: false, ...guess, ...given };
    return { ...draft, idColumn: within(columns, draft.idColumn), relColumns: { site: within(columns, draft.relColumns.site) } };
  },
  ready(draft) {
    if (draft.idColumn === null) return { problem: 'Choose the column of the objects’ names (the id column).' };
    if (Object.values(draft.relColumns).every((c) => c === null))
      return { problem: `Choose the ${RELATION_TYPES.map((t) => t.title.toLowerCase()).join(' or ')} column.` };
    return { options: RelationImportOptionsSchema.parse(draft) };
  },
  describe(state) {
    const s = state as Record<string, unknown>;
    return RELATION_TYPES.map((t) => [t.title, valueText(s[t.key])]);
  },
  commitSentence(stats) {
    const n = stats.updated ?? 0;
    const done = n ? `${count(n, 'object', 'objects')} will get ${n === 1 ? 'its' : 'their'} new relations.` : 'Nothing will change.';
    return stats.unchanged ? `${done} ${count(stats.unchanged, 'record is', 'records are')} already as the file says.` : done;
  },
};

// ---------------------------------------------------------------- observations

const observationShape = {
  project: z.string().min(1).max(200).nullable(),
  table: z.uuid().nullable(),
  objectColumn: NullableColumn,
  timeColumn: NullableColumn,
  layout: z.enum(['wide', 'long']),
  metricColumns: ObservationImportOptionsSchema.shape.metricColumns.unwrap(),
  metricColumn: NullableColumn,
  valueColumn: NullableColumn,
  noteColumn: NullableColumn,
};

export const observationsKind: KindDef<ObservationDraft, ObservationImportOptions> = {
  kind: 'observations',
  title: 'Observations',
  noun: 'observations',
  description:
    'Each record is what was measured at an object at a time, for one of a project’s data tables: one column per metric, or a metric column and a value column.',
  permission: null,
  draft(columns, raw) {
    const given = lenient(observationShape, raw) as Partial<ObservationDraft>;
    const guess = guessObservationColumns(columns);
    // Guesses fill what the address does not hold (the first visit holds only the project and table).
    const draft: ObservationDraft = {
      project: null,
      table: null,
      metricColumns: {},
      ...guess,
      layout: 'metricColumns' in given || guess.metricColumn === null || guess.valueColumn === null ? 'wide' : 'long',
      ...given,
    };
    return {
      ...draft,
      objectColumn: within(columns, draft.objectColumn),
      timeColumn: within(columns, draft.timeColumn),
      metricColumn: within(columns, draft.metricColumn),
      valueColumn: within(columns, draft.valueColumn),
      noteColumn: within(columns, draft.noteColumn),
      metricColumns: withinMap(columns, draft.metricColumns),
    };
  },
  ready(draft) {
    if (!draft.project) return { problem: 'Choose the project.' };
    if (!draft.table) return { problem: 'Choose the data table.' };
    if (draft.objectColumn === null) return { problem: 'Choose the column naming the objects.' };
    if (draft.timeColumn === null) return { problem: 'Choose the column of the dates or times.' };
    const wide = draft.layout === 'wide';
    if (wide && Object.keys(draft.metricColumns).length === 0) return { problem: 'Choose the metric of at least one column.' };
    if (!wide && (draft.metricColumn === null || draft.valueColumn === null)) return { problem: 'Choose the metric column and the value column.' };
    return {
      options: {
        project: draft.project,
        table: draft.table,
        objectColumn: draft.objectColumn,
        timeColumn: draft.timeColumn,
        metricColumns: wide ? draft.metricColumns : {},
        metricColumn: wide ? null : draft.metricColumn,
        valueColumn: wide ? null : draft.valueColumn,
        noteColumn: draft.noteColumn,
      },
    };
  },
  describe(state) {
    const s = state as { time?: string; values?: Record<string, unknown> };
    return [['Time', s.time ?? null], ...Object.entries(s.values ?? {}).map(([metric, value]): [string, string | null] => [metric, valueText(value)])];
  },
  commitSentence(stats) {
    const [added, replaced] = [stats.observationsCreated ?? 0, stats.observationsReplaced ?? 0];
    const parts = [];
    if (added) parts.push(`${count(added, 'observation', 'observations')} will be added`);
    if (replaced) parts.push(`${count(replaced, 'observation', 'observations')} will be replaced (the values before are kept in the audit log)`);
    const done = parts.length ? `${parts.join(' and ')}.` : 'Nothing will change.';
    return stats.unchanged ? `${done} ${count(stats.unchanged, 'record is', 'records are')} already there as the file says.` : done;
  },
};

export type AnyKindDef =
  KindDef<ObjectDraft, ObjectDraft> | KindDef<RelationDraft, RelationImportOptions> | KindDef<ObservationDraft, ObservationImportOptions>;

export const KINDS: Record<ImportKind, AnyKindDef> = { objects: objectsKind, object_rels: relationsKind, observations: observationsKind };

/** A kind an address names ("objects"), or null. */
export const kindNamed = (name: string | null | undefined): ImportKind | null => (name && name in KINDS ? (name as ImportKind) : null);
