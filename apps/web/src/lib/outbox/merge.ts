/**
 * A queued edit the server refused as changed meanwhile (412), compared field by field
 * (docs/offline.md "Needs your decision"): the fields the user changed, each with its value
 * when they started (base), theirs (the user's) and the server's now; the metadata key by key.
 */
export interface ComparedValue {
  /** "title", or "metadata.depth" for one metadata field. */
  key: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** The server changed it too, to something else than the user did. */
  both: boolean;
}

export type Choices = Record<string, 'mine' | 'theirs'>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const record = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const METADATA = 'metadata';

/** What the user changed: each field of the queued body that differs from its base (a metadata field each). */
export function compareEdit(mine: Record<string, unknown>, base: Record<string, unknown>, theirs: Record<string, unknown>): ComparedValue[] {
  const compared: ComparedValue[] = [];
  const add = (key: string, was: unknown, now: unknown, server: unknown) => {
    if (!same(now, was)) compared.push({ key, base: was, mine: now, theirs: server, both: !same(server, was) && !same(server, now) });
  };
  for (const [key, value] of Object.entries(mine)) {
    if (key !== METADATA) {
      add(key, base[key], value, theirs[key]);
      continue;
    }
    const [was, now, server] = [record(base[key]), record(value), record(theirs[key])];
    for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) add(`${METADATA}.${field}`, was[field], now[field], server[field]);
  }
  return compared;
}

/** Each field the user's, unless chosen otherwise: a field only they changed stays theirs to send. */
export const defaultChoices = (compared: ComparedValue[]): Choices => Object.fromEntries(compared.map((c) => [c.key, 'mine' as const]));

/**
 * The body to send on top of the server's version now: the fields the user keeps with
 * their value, the others with the server's; the metadata starts from the server's and
 * takes the user's fields kept (a field they emptied is left out).
 */
export function mergedBody(compared: ComparedValue[], choices: Choices, theirs: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  let metadata: Record<string, unknown> | null = null;
  for (const c of compared) {
    const value = choices[c.key] === 'theirs' ? c.theirs : c.mine;
    if (!c.key.startsWith(`${METADATA}.`)) {
      body[c.key] = value;
      continue;
    }
    metadata ??= { ...record(theirs[METADATA]) };
    const field = c.key.slice(METADATA.length + 1);
    if (value === undefined) delete metadata[field];
    else metadata[field] = value;
  }
  if (metadata) body[METADATA] = metadata;
  return body;
}
