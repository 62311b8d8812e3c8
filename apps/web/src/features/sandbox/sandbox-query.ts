import { DATA_LEVELS, QUALITY_FLAGS, SANDBOX_LIMITS, type DataLevel, type QualityFlag, type SandboxFilter, type SandboxQuery } from '@observatory/shared';
import { paths } from '../../config/paths';
import { formatBbox as formatBox, parseBbox as parseBox } from '../../lib/bbox';

/** A map box [west, south, east, north] in degrees. */
export type Box = [number, number, number, number];

/** The sandbox's tabs; the first is the default (left out of the address). */
export const SANDBOX_TABS = ['table', 'map', 'charts'] as const;
export type SandboxTab = (typeof SANDBOX_TABS)[number];

/**
 * A sandbox query as the address holds it: the filter, the page (only above 1), the rows
 * a page (only when not 50) and the tab (only when not the table). Every list in the
 * address order, each entry once, each list cut to the API's limit.
 */
export interface SandboxState {
  types: string[];
  projects: string[];
  metrics: string[];
  /** Metadata equalities, values as typed (the server reads them as the field's schema types them). */
  where: { field: string; value: string }[];
  bbox: Box | null;
  /** The span of time of the observations summed up, charted and exported (ISO 8601; `to` exclusive). */
  from: string | null;
  to: string | null;
  /** Only observations with these quality flags and data levels (none: any). */
  flags: QualityFlag[];
  levels: DataLevel[];
  p: number;
  n: number;
  tab: SandboxTab;
}

export const EMPTY_SANDBOX: SandboxState = {
  types: [],
  projects: [],
  metrics: [],
  where: [],
  bbox: null,
  from: null,
  to: null,
  flags: [],
  levels: [],
  p: 1,
  n: SANDBOX_LIMITS.perPage,
  tab: 'table',
};

/** The page sizes offered; the API takes up to 100. */
export const PER_PAGE_CHOICES = [20, 50, 100] as const;

const FIELD = /^[A-Za-z0-9_-]{1,64}$/;

/** Boxes are read, written and drawn as the photo search's are: in the API's bounds, five decimals. */
export { boxFromCorners, formatBbox as formatBox, parseBbox as parseBox } from '../../lib/bbox';

/** A time the API takes (ISO 8601), as the address holds it; anything else is left out. */
const timeIn = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : null);

const listOf = (params: URLSearchParams, key: string, max: number) =>
  [
    ...new Set(
      params
        .getAll(key)
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ].slice(0, max);
const whole = (text: string | null, fallback: number, max: number) => {
  const n = Math.floor(Number(text));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** The query an address holds. What the API would refuse is left out (a bad box: see `badBoxIn`); the server names the rest. */
export function sandboxFrom(params: URLSearchParams): SandboxState {
  const where = params
    .getAll('f')
    .map((entry) => {
      const at = entry.indexOf(':');
      return at > 0 ? { field: entry.slice(0, at), value: entry.slice(at + 1) } : null;
    })
    .filter((w): w is SandboxState['where'][number] => !!w && FIELD.test(w.field))
    .slice(0, SANDBOX_LIMITS.filters);
  const tab = params.get('tab');
  return {
    types: listOf(params, 'type', SANDBOX_LIMITS.types),
    projects: listOf(params, 'project', SANDBOX_LIMITS.projects),
    metrics: listOf(params, 'metric', SANDBOX_LIMITS.metrics),
    where,
    bbox: parseBox(params.get('bbox')),
    from: timeIn(params.get('from')),
    to: timeIn(params.get('to')),
    flags: listOf(params, 'flag', QUALITY_FLAGS.length).filter((f): f is QualityFlag => (QUALITY_FLAGS as readonly string[]).includes(f)),
    levels: listOf(params, 'level', DATA_LEVELS.length).filter((l): l is DataLevel => (DATA_LEVELS as readonly string[]).includes(l)),
    p: whole(params.get('p'), 1, SANDBOX_LIMITS.deepest),
    n: whole(params.get('n'), SANDBOX_LIMITS.perPage, SANDBOX_LIMITS.maxPerPage),
    tab: (SANDBOX_TABS as readonly string[]).includes(tab ?? '') ? (tab as SandboxTab) : 'table',
  };
}

/** The address's box when the API would refuse it (it is left out), else null. */
export function badBoxIn(params: URLSearchParams): string | null {
  const text = params.get('bbox');
  return text && !parseBox(text) ? text : null;
}

/** The query as address parameters, in one order, defaults left out: equal queries are equal strings. */
export function sandboxParams(state: SandboxState): URLSearchParams {
  const params = new URLSearchParams();
  for (const type of state.types) params.append('type', type);
  for (const project of state.projects) params.append('project', project);
  for (const metric of state.metrics) params.append('metric', metric);
  for (const w of state.where) params.append('f', `${w.field}:${w.value}`);
  if (state.bbox) params.set('bbox', formatBox(state.bbox));
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  for (const flag of state.flags) params.append('flag', flag);
  for (const level of state.levels) params.append('level', level);
  if (state.p > 1) params.set('p', String(state.p));
  if (state.n !== SANDBOX_LIMITS.perPage) params.set('n', String(state.n));
  if (state.tab !== 'table') params.set('tab', state.tab);
  return params;
}

/** The address of a sandbox query. */
export function sandboxHref(state: SandboxState): string {
  const qs = sandboxParams(state).toString();
  return qs ? `${paths.sandbox}?${qs}` : paths.sandbox;
}

/** What the three calls are sent: the filter's parts that are set (an empty list says nothing), in one order. */
export function filterBody(state: SandboxState): SandboxFilter {
  return {
    ...(state.types.length ? { types: state.types } : {}),
    ...(state.projects.length ? { projects: state.projects } : {}),
    ...(state.metrics.length ? { metrics: state.metrics } : {}),
    ...(state.where.length ? { where: state.where } : {}),
    ...(state.bbox ? { bbox: state.bbox } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    ...(state.flags.length ? { flags: state.flags } : {}),
    ...(state.levels.length ? { levels: state.levels } : {}),
  };
}

/** POST sandbox/query's body: the filter, the page and its size. */
export const queryBody = (state: SandboxState): SandboxQuery => ({ ...filterBody(state), p: state.p, n: state.n });

/** Whether anything narrows the query (the page and its size apart). */
export const isFiltered = (state: SandboxState) => state.types.length + state.projects.length + state.where.length > 0 || !!state.bbox;
