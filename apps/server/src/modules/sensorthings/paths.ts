/**
 * A SensorThings resource path (OGC 18-088, 9.2): `Things`, `Things('id')`,
 * `Things('id')/Datastreams`, `Observations('id')/Datastream/Thing`, a property
 * `Things('id')/name`, its raw `…/name/$value`, and `…/$ref` for the links only.
 * Ids are quoted strings ('' escapes a quote) or bare numbers.
 */

export interface PathStep {
  name: string;
  key?: string;
}

export interface ResourcePath {
  steps: PathStep[];
  /** `$value`: the value of the property the steps end at, alone, as text. */
  value: boolean;
  /** `$ref`: the entities' self links only. */
  ref: boolean;
}

export class PathError extends Error {}

const STEP = /^([A-Za-z@][\w.]*)(?:\((?:'((?:[^']|'')*)'|(\d+))\))?$/;

/** Splits at the slashes outside quotes (a quoted id may hold one). */
function segmentsOf(path: string): string[] {
  const segments: string[] = [];
  let current = '';
  let quoted = false;
  for (const c of path) {
    if (c === "'") quoted = !quoted;
    if (c === '/' && !quoted) {
      segments.push(current);
      current = '';
    } else current += c;
  }
  segments.push(current);
  return segments.filter((s) => s !== '');
}

/** The path after the version, parsed; what it names is checked against the entity sets by the caller. */
export function parsePath(path: string): ResourcePath {
  const segments = segmentsOf(path);
  const result: ResourcePath = { steps: [], value: false, ref: false };
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (segment === '$ref' && last && i > 0) result.ref = true;
    else if (segment === '$value' && last && i > 0) result.value = true;
    else {
      const match = STEP.exec(segment);
      if (!match) throw new PathError(`Not a resource path segment: ${segment}`);
      const key = match[2] !== undefined ? match[2].replace(/''/g, "'") : match[3];
      result.steps.push(key === undefined ? { name: match[1]! } : { name: match[1]!, key });
    }
  }
  if (result.steps.length === 0) throw new PathError('The path names no entity set');
  return result;
}

/** An id as a path writes it. */
export const keyText = (id: string) => `('${id.replace(/'/g, "''")}')`;

/** An observation's id: its datastream's and its time (the key the table already has). */
export const observationId = (datastream: string, time: Date) => `${datastream}_${time.toISOString()}`;

/** An observation's id as its parts; null when it is not one. */
export function parseObservationId(id: string): { datastream: string; time: Date } | null {
  const at = id.lastIndexOf('_');
  const time = new Date(id.slice(at + 1));
  return at > 0 && !Number.isNaN(time.getTime()) ? { datastream: id.slice(0, at), time } : null;
}
