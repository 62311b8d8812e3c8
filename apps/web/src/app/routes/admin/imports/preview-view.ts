/**
 * How a preview is shown: its stats in words, and a record's before and after as rows of
 * what changes. Pure, so the rules are tested without a page.
 */
import type { ImportColumn } from '@observatory/shared';

type Stats = Record<string, number>;

/** Always shown, in this order. */
export const MAIN_STATS = ['created', 'updated', 'unchanged', 'errors'] as const;

const STAT_LABELS: Record<string, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  errors: 'Errors',
  metadataAdded: 'Metadata fields added',
  metadataChanged: 'Metadata fields changed',
  metadataRemoved: 'Metadata fields removed',
  locationAdded: 'Locations added',
  locationChanged: 'Locations changed',
  locationRemoved: 'Locations removed',
  projectsAdded: 'Projects added',
  projectsRemoved: 'Projects removed',
  typesAdded: 'Types added',
  typesRemoved: 'Types removed',
  relationsAdded: 'Sites set',
  relationsChanged: 'Sites changed',
  relationsRemoved: 'Sites removed',
  observationsCreated: 'Observations added',
  observationsReplaced: 'Observations replaced',
  observationsUnchanged: 'Observations unchanged',
};

/** A stat's words: ours, or its camelCase name spelt out ("valuesReplaced" → "Values replaced"). */
export function statLabel(key: string): string {
  const known = STAT_LABELS[key];
  if (known) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The counters beyond the main four that are not zero, the known ones in our order first. */
export function extraStats(stats: Stats): { key: string; label: string; value: number }[] {
  const known = Object.keys(STAT_LABELS);
  const keys = Object.keys(stats).filter((k) => !(MAIN_STATS as readonly string[]).includes(k) && (stats[k] ?? 0) !== 0);
  keys.sort((a, b) => (known.includes(a) ? known.indexOf(a) : known.length) - (known.includes(b) ? known.indexOf(b) : known.length));
  return keys.map((key) => ({ key, label: statLabel(key), value: stats[key]! }));
}

/** "12 created, 3 updated": the counters that are not zero, for a line in the list of past imports. */
export function statsInWords(stats: Stats | null): string {
  if (!stats) return '';
  return [...MAIN_STATS.filter((k) => (stats[k] ?? 0) !== 0).map((k) => ({ key: k, label: statLabel(k), value: stats[k]! })), ...extraStats(stats)]
    .map((s) => `${s.value.toLocaleString('en')} ${s.key === 'errors' && s.value === 1 ? 'error' : s.label.toLowerCase()}`)
    .join(', ');
}

/** A column by its header; a header two columns share also says which column it is. */
export function columnLabel(columns: readonly ImportColumn[], index: number | null): string {
  if (index === null) return '';
  const column = columns.find((c) => c.index === index);
  if (!column) return `Column ${index + 1}`;
  const shared = columns.filter((c) => c.header === column.header).length > 1;
  return shared ? `${column.header} (column ${index + 1})` : column.header;
}

/** One row of what a record changes: a value before and after (null: none there). */
export interface DiffRow {
  label: string;
  before: string | null;
  after: string | null;
  change: 'added' | 'changed' | 'removed' | null;
}

/** The rows of a state: what the import compares, each as a label and a value (null: none). */
export type Describe = (state: unknown) => [label: string, value: string | null][];

/** Before and after side by side, in the order the rows come (before's first, then those only after has). */
export function diffRows(before: unknown, after: unknown, describe: Describe): DiffRow[] {
  const was = before ? describe(before) : [];
  const is = after ? describe(after) : [];
  const labels = [...new Set([...was.map(([l]) => l), ...is.map(([l]) => l)])];
  const value = (rows: [string, string | null][], label: string) => rows.find(([l]) => l === label)?.[1] ?? null;
  return labels
    .map((label) => {
      const [b, a] = [value(was, label), value(is, label)];
      const change = b === a ? null : b === null ? 'added' : a === null ? 'removed' : 'changed';
      return { label, before: b, after: a, change } satisfies DiffRow;
    })
    .filter((row) => row.before !== null || row.after !== null);
}

/** A value as text in a preview: text as written, numbers and yes/no as such, anything else as JSON. */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}
