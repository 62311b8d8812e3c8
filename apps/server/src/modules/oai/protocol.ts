import { PUBLICATION_TYPES, type PublicationType } from '@observatory/shared';

/**
 * OAI-PMH 2.0's requests as the protocol defines them (openarchivesprotocol.html §3-4):
 * the verbs and their arguments, UTC datestamps, this repository's identifiers and sets.
 * Pure: the service answers what is parsed here.
 */

export const VERBS = ['Identify', 'ListMetadataFormats', 'ListSets', 'GetRecord', 'ListIdentifiers', 'ListRecords'] as const;
export type Verb = (typeof VERBS)[number];
export type ListVerb = 'ListIdentifiers' | 'ListRecords';

export type ErrorCode = 'badVerb' | 'badArgument' | 'cannotDisseminateFormat' | 'idDoesNotExist' | 'noRecordsMatch' | 'badResumptionToken';
export interface OaiError {
  code: ErrorCode;
  message: string;
}

/** What each verb takes: arguments it needs, ones it may have, and the one that stands alone (a resumption token). */
const ARGUMENTS: Record<Verb, { required: string[]; optional: string[]; exclusive?: string }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
};

/** Records changed at or after `from` and before `until` (exclusive: an inclusive `until` of the request, plus its granularity). */
export interface Range {
  from: Date | null;
  until: Date | null;
}

export type OaiRequest =
  | { verb: 'Identify' }
  | { verb: 'ListMetadataFormats'; identifier: string | null }
  | { verb: 'ListSets'; resumptionToken: string | null }
  | { verb: 'GetRecord'; identifier: string; metadataPrefix: string }
  | { verb: ListVerb; resumptionToken: string }
  | { verb: ListVerb; resumptionToken: null; metadataPrefix: string; set: string | null; range: Range };

/** A request read, with the arguments the `request` element repeats; or why it is not one (badVerb, badArgument). */
export type Parsed = { request: OaiRequest; echo: Record<string, string> } | { errors: OaiError[] };

const isVerb = (value: string): value is Verb => (VERBS as readonly string[]).includes(value);

/** Reads a request's arguments (the query's or the form's, in order, repeats kept). */
export function parseRequest(pairs: [string, string][]): Parsed {
  const verbs = pairs.filter(([key]) => key === 'verb').map(([, value]) => value);
  if (verbs.length === 0) return fail('badVerb', 'The request names no verb');
  if (verbs.length > 1) return fail('badVerb', 'The verb is given more than once');
  const verb = verbs[0]!;
  if (!isVerb(verb)) return fail('badVerb', `${verb} is not an OAI-PMH verb: ${VERBS.join(', ')}`);
  const args = pairs.filter(([key]) => key !== 'verb');
  const errors = argumentErrors(verb, args);
  if (errors.length) return { errors };
  const given = Object.fromEntries(args);
  const echo = { verb, ...given };
  const request = requestOf(verb, given);
  return 'errors' in request ? request : { request, echo };
}

function argumentErrors(verb: Verb, args: [string, string][]): OaiError[] {
  const rule = ARGUMENTS[verb];
  const allowed = new Set([...rule.required, ...rule.optional, ...(rule.exclusive ? [rule.exclusive] : [])]);
  const keys = args.map(([key]) => key);
  const errors: OaiError[] = [];
  for (const key of new Set(keys)) {
    if (!allowed.has(key)) errors.push(badArgument(`${verb} takes no argument ${key}`));
    else if (keys.filter((k) => k === key).length > 1) errors.push(badArgument(`The argument ${key} is given more than once`));
  }
  for (const [key, value] of args) {
    if (!allowed.has(key)) continue;
    if (value === '') errors.push(badArgument(`The argument ${key} is empty`));
    // What no argument of the protocol holds, and PostgreSQL cannot take as text (a form's %00).
    else if (value.includes('\u0000')) errors.push(badArgument(`The argument ${key} holds a NUL character`));
  }
  if (errors.length) return errors;
  if (rule.exclusive && keys.includes(rule.exclusive)) {
    return keys.length > 1 ? [badArgument(`${rule.exclusive} is the only argument a request with it may have`)] : [];
  }
  return rule.required.filter((key) => !keys.includes(key)).map((key) => badArgument(`${verb} needs the argument ${key}`));
}

function requestOf(verb: Verb, given: Record<string, string>): OaiRequest | { errors: OaiError[] } {
  switch (verb) {
    case 'Identify':
      return { verb };
    case 'ListMetadataFormats':
      return { verb, identifier: given.identifier ?? null };
    case 'ListSets':
      return { verb, resumptionToken: given.resumptionToken ?? null };
    case 'GetRecord':
      return { verb, identifier: given.identifier!, metadataPrefix: given.metadataPrefix! };
    case 'ListIdentifiers':
    case 'ListRecords': {
      if (given.resumptionToken) return { verb, resumptionToken: given.resumptionToken };
      const range = parseRange(given.from ?? null, given.until ?? null);
      if ('errors' in range) return range;
      return { verb, resumptionToken: null, metadataPrefix: given.metadataPrefix!, set: given.set ?? null, range };
    }
  }
}

type Granularity = 'day' | 'second';
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECOND = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** A protocol datestamp (`YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ssZ`, UTC) and its granularity; null when it is neither, or no such day. */
export function parseDatestamp(text: string): { at: Date; granularity: Granularity } | null {
  const match = SECOND.exec(text) ?? DAY.exec(text);
  if (!match) return null;
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = match.slice(1).map(Number) as number[];
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: that one reads years below 100 as 19xx.
  at.setUTCFullYear(year!, month! - 1, day!);
  at.setUTCHours(hours, minutes, seconds, 0);
  const asWritten =
    at.getUTCFullYear() === year && at.getUTCMonth() === month! - 1 && at.getUTCDate() === day && at.getUTCHours() === hours && at.getUTCMinutes() === minutes;
  if (!asWritten || at.getUTCSeconds() !== seconds) return null;
  return { at, granularity: match.length === 7 ? 'second' : 'day' };
}

const STEP_MS: Record<Granularity, number> = { day: 86_400_000, second: 1000 };
/** Before this, no record changed: a bound earlier is none (PostgreSQL has no year 0). */
const FIRST_DAY = Date.UTC(1970, 0, 1);

/** `from` and `until` as the protocol has them: each a datestamp, both of one granularity, from no later than until. */
export function parseRange(from: string | null, until: string | null): Range | { errors: OaiError[] } {
  const start = from === null ? null : parseDatestamp(from);
  const end = until === null ? null : parseDatestamp(until);
  const errors: OaiError[] = [];
  if (from !== null && !start) errors.push(badArgument(`from is not a UTC datestamp (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ): ${from}`));
  if (until !== null && !end) errors.push(badArgument(`until is not a UTC datestamp (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ): ${until}`));
  if (start && end && start.granularity !== end.granularity) errors.push(badArgument('from and until must have the same granularity'));
  else if (start && end && start.at > end.at) errors.push(badArgument('from is later than until'));
  if (errors.length) return { errors };
  return {
    from: start && start.at.getTime() > FIRST_DAY ? start.at : null,
    until: end ? new Date(Math.max(end.at.getTime() + STEP_MS[end.granularity], FIRST_DAY)) : null,
  };
}

/** A time as the protocol writes datestamps: UTC, to the second. */
export const datestamp = (at: Date | string) => `${new Date(at).toISOString().slice(0, 19)}Z`;

export type RecordKind = 'project' | 'publication';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** `oai:{host}:{kind}/{uuid}`: the id, which outlives a slug. */
export const oaiIdentifier = (host: string, kind: RecordKind, id: string) => `oai:${host}:${kind}/${id}`;

/** The record an identifier of this repository names, or null. */
export function parseIdentifier(host: string, identifier: string): { kind: RecordKind; id: string } | null {
  const prefix = `oai:${host}:`;
  if (!identifier.startsWith(prefix)) return null;
  const match = new RegExp(`^(project|publication)/(${UUID})$`).exec(identifier.slice(prefix.length));
  return match ? { kind: match[1] as RecordKind, id: match[2]! } : null;
}

/**
 * What a set holds, once resolved: records of a kind (and a publication type), of one
 * project (its id) or of any project ('*'); nothing set: every record.
 */
export interface SetFilter {
  kind?: RecordKind;
  pubType?: PublicationType;
  project?: string;
}

/**
 * The sets: `type` (every record) with `type:project`, `type:publication` and
 * `type:publication:{kind}` below it; `project` with `project:{slug}` below it, a project
 * and its publications. A project's set is found by its slug (the service asks whether a
 * visitor may read it); anything else names no set.
 */
export function parseSetSpec(spec: string): SetFilter | { projectSlug: string } | null {
  if (spec === 'type') return {};
  if (spec === 'type:project') return { kind: 'project' };
  if (spec === 'type:publication') return { kind: 'publication' };
  const pubType = /^type:publication:(.+)$/.exec(spec)?.[1];
  if (pubType !== undefined)
    return (PUBLICATION_TYPES as readonly string[]).includes(pubType) ? { kind: 'publication', pubType: pubType as PublicationType } : null;
  if (spec === 'project') return { project: '*' };
  // A setTag is URI-unreserved characters (the protocol's setSpecType).
  const slug = /^project:([A-Za-z0-9\-_.!~*'()]+)$/.exec(spec)?.[1];
  return slug ? { projectSlug: slug } : null;
}

/** The fewest setSpecs that say a record's sets (the protocol's rule: a subset implies its parents). */
export function setSpecsOf(record: { kind: RecordKind; deleted: boolean; pubType: string | null; projects: string[] }): string[] {
  const type = record.kind === 'publication' && record.pubType && !record.deleted ? `type:publication:${record.pubType}` : `type:${record.kind}`;
  return [type, ...(record.deleted ? [] : record.projects.map((slug) => `project:${slug}`))];
}

const badArgument = (message: string): OaiError => ({ code: 'badArgument', message });
const fail = (code: ErrorCode, message: string): { errors: OaiError[] } => ({ errors: [{ code, message }] });
