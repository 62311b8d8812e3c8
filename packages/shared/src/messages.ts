import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

/**
 * Validation messages as a person reads them ("At most 300 characters"), for every schema
 * that gives none of its own, on the server and in the web app alike; and field paths as
 * labels ("body.project.startDate" is "Start date"). Call applyHumanMessages() once: the server
 * at start, the web app with its first check (apps/web/src/lib/validate.ts).
 */

type Issue = $ZodRawIssue;

const FORMATS: Record<string, string> = {
  email: 'Give an e-mail address, like name@example.org',
  uuid: 'Give an id (a UUID)',
  url: 'Give a web address, like https://example.org',
  datetime: 'Give a date and time, like 2024-07-01T10:30:00Z',
  date: 'Give a date, like 2024-07-01',
};

const count = (n: number | bigint, one: string, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;

function sizeOf(origin: string, n: number | bigint): string {
  if (origin === 'string') return count(n, 'character');
  if (origin === 'array' || origin === 'set') return count(n, 'item');
  if (origin === 'file') return count(n, 'byte');
  return String(n);
}

/** The message for an issue the schema gave none for; undefined leaves zod's own. */
export function humanMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      return `Give ${issue.expected === 'array' ? 'a list' : issue.expected === 'object' ? 'an object' : `a ${issue.expected === 'int' ? 'whole number' : issue.expected}`}`;
    case 'too_big':
      return `${issue.exact ? 'Exactly' : 'At most'} ${sizeOf(issue.origin, issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'Required';
      return `${issue.exact ? 'Exactly' : 'At least'} ${sizeOf(issue.origin, issue.minimum)}`;
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'Not in the expected form';
    case 'invalid_value':
      return issue.values.length === 1
        ? `Must be ${JSON.stringify(issue.values[0])}`
        : `One of ${issue.values.map((v: unknown) => JSON.stringify(v)).join(', ')}`;
    case 'unrecognized_keys':
      return `Not a field here: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `A multiple of ${issue.divisor}`;
    default:
      return undefined;
  }
}

/** Use humanMessage for every schema, once per process or page. */
export function applyHumanMessages(): void {
  z.config({ customError: humanMessage });
}

/** Fields that hold a rich-text document. */
const DOCUMENTS: Record<string, string> = { doc: 'Text', bio: 'Biography' };

/** Names that do not read as words. */
const LABELS: Record<string, string> = { q: 'Search', p: 'Page', bbox: 'Map area', geo: 'Geometry', orcid: 'ORCID' };

/**
 * A field path as its label: the last named part, in words ("body.project.startDate" is
 * "Start date", "teamId" is "Team", "body.features.0.geometry" is "Geometry").
 */
export function fieldLabel(field: string): string {
  const parts = field.split('.').filter((part) => part && !/^\d+$/.test(part));
  // Inside a document, the parts are its structure (content, marks, attrs): the document is the field.
  const document = parts.find((part) => DOCUMENTS[part]);
  if (document) return DOCUMENTS[document]!;
  const name = parts.pop() ?? field;
  if (['body', 'query', 'params'].includes(name)) return 'The request';
  if (LABELS[name]) return LABELS[name];
  const words = name
    .replace(/Ids?$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** "Title: at most 300 characters": a problem with its field, for a sentence. */
export const fieldProblem = (field: string, message: string) =>
  `${fieldLabel(field)}: ${message.length > 1 && message[1] === message[1]!.toLowerCase() ? message[0]!.toLowerCase() + message.slice(1) : message}`;

/**
 * The most characters a string schema takes (through optional, nullable and defaults), for
 * an input's maxLength: the web tells the limit while typing, from the schema the server checks.
 */
export function lengthLimit(schema: z.ZodType): number | undefined {
  let inner: unknown = schema;
  for (let i = 0; i < 5; i++) {
    const def = (inner as { def?: { innerType?: unknown; in?: unknown } }).def;
    if (def?.innerType) inner = def.innerType;
    else if (def?.in) inner = def.in;
    else break;
  }
  const max = (inner as { maxLength?: number | null }).maxLength;
  return typeof max === 'number' ? max : undefined;
}
