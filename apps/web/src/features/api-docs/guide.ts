import { PAGINATION_HEADERS } from '@observatory/shared';
import type { TryRequest, TryResult } from './try-it';

/** What earlier steps found (an object's name), for the requests of later ones. */
export type Found = Record<string, string>;

export interface GuideStep {
  /** What the step does, shown with the request. */
  explain: string;
  request: (found: Found) => TryRequest;
  /** What the answer tells the next steps, or why the example cannot go on. */
  read?: (result: TryResult) => Found | string;
  /** A line about the answer, under it (the pagination it reported). */
  note?: (result: TryResult) => string | null;
}

export interface GuideExample {
  id: string;
  title: string;
  intro: string;
  steps: GuideStep[];
}

export interface StepOutcome {
  explain: string;
  request: TryRequest;
  result: TryResult;
  note: string | null;
}

export interface ExampleRun {
  outcomes: StepOutcome[];
  /** Why the example stopped before its last step, if it did. */
  stopped: string | null;
}

const get = (path: string, query: Record<string, string> = {}): TryRequest => ({ method: 'GET', path, query, accept: 'application/json' });

/** The name of the first object in a GET data/obj answer. */
function firstObjectName(result: TryResult, what: string): Found | string {
  const objects = (result.json as { objects?: { name?: unknown }[] } | undefined)?.objects;
  const name = objects?.[0]?.name;
  return typeof name === 'string' ? { name } : `The catalogue has no ${what} you may see yet.`;
}

const header = (result: TryResult, name: string) => result.headers.find(([n]) => n === name)?.[1] ?? null;

/** The pagination headers as read: "Page 1 of 2: 23 in all, 20 a page." */
export function paginationNote(result: TryResult): string | null {
  const page = header(result, PAGINATION_HEADERS.page);
  const count = Number(header(result, PAGINATION_HEADERS.count));
  const limit = Number(header(result, PAGINATION_HEADERS.limit));
  if (page === null || !limit) return null;
  const pages = Math.max(1, Math.ceil(count / limit));
  return `Page ${page} of ${pages}: ${count} in all, ${limit} a page (headers ${PAGINATION_HEADERS.page}, ${PAGINATION_HEADERS.count}, ${PAGINATION_HEADERS.limit}).`;
}

const objectPath = (found: Found) => `/data/obj/${encodeURIComponent(found.name ?? '')}`;

/** A site: the objects of type "property" hold sites and plots, and notes. */
const findSite: GuideStep = {
  explain: 'Find a site to look at: the first object of type “property”.',
  request: () => get('/data/obj', { type: 'property', limit: '1' }),
  read: (result) => firstObjectName(result, 'sites'),
};

export const GUIDE_EXAMPLES: GuideExample[] = [
  {
    id: 'fetch-object',
    title: 'Fetch an object',
    intro: 'An object by its name (or id): its fields, types, projects, people, metadata, geometry and what you may do with it.',
    steps: [
      {
        explain: 'Find the name of an object: the first of the catalogue.',
        request: () => get('/data/obj', { limit: '1' }),
        read: (result) => firstObjectName(result, 'objects'),
      },
      { explain: 'Fetch that object.', request: (found) => get(objectPath(found)) },
    ],
  },
  {
    id: 'children-geo',
    title: 'List the children of an object, with their geometry',
    intro: 'The objects inside a parent, a page of up to 100, each with its GeoJSON geometry (geo=true).',
    steps: [
      findSite,
      {
        explain: 'List its children with their geometry.',
        request: (found) => get('/data/obj', { parent: found.name ?? '', limit: '100', geo: 'true' }),
        note: paginationNote,
      },
    ],
  },
  {
    id: 'notes-pages',
    title: 'Page through the notes of an object',
    intro: 'Notes come newest first, a page at a time; the pagination headers tell the page, how many there are in all and how many a page holds.',
    steps: [
      findSite,
      { explain: 'The first page of its notes (p=1).', request: (found) => get(`${objectPath(found)}/notes`, { p: '1' }), note: paginationNote },
      {
        explain: 'The second page (p=2): empty when the first held them all.',
        request: (found) => get(`${objectPath(found)}/notes`, { p: '2' }),
        note: paginationNote,
      },
    ],
  },
];

/** Runs an example's steps in order, each with what the earlier ones found; it stops at a failed answer. */
export async function runExample(example: GuideExample, send: (request: TryRequest) => Promise<TryResult>): Promise<ExampleRun> {
  const outcomes: StepOutcome[] = [];
  let found: Found = {};
  for (const step of example.steps) {
    const request = step.request(found);
    const result = await send(request);
    outcomes.push({ explain: step.explain, request, result, note: step.note?.(result) ?? null });
    if (result.status === null || result.status >= 400) return { outcomes, stopped: 'The server answered with an error: the example stops here.' };
    const read = step.read?.(result);
    if (typeof read === 'string') return { outcomes, stopped: read };
    if (read) found = { ...found, ...read };
  }
  return { outcomes, stopped: null };
}
