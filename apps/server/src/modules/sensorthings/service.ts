import { and } from 'drizzle-orm';
import type { Actor } from '../../authz/policy.js';
import type { Database } from '../../db/client.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { ODataError, parseQueryOptions, UnsupportedOption, type QueryOptions } from './odata.js';
import { SET_NAMES, SETS, setNamed, type EntitySet } from './entities.js';
import { keyText, parsePath, PathError, type ResourcePath } from './paths.js';
import { DEFAULT_TOP, MAX_TOP, navigated, readOne, readPage, type Entity, type Source } from './query.js';

/** The conformance classes served (SensorThings 1.1, Sensing part; docs/sensorthings.md names the tests of each). */
const REQ = 'http://www.opengis.net/spec/iot_sensing/1.1/req';
export const CONFORMANCE = [
  `${REQ}/datamodel`,
  `${REQ}/resource-path/resource-path-to-entities`,
  `${REQ}/request-data`,
  // Create-update-delete by its parts: ObservedProperties (metrics), Locations and features are the catalogue's own, not made here.
  ...[
    'create-entity',
    'link-to-existing-entities',
    'deep-insert',
    'deep-insert-status-code',
    'update-entity',
    'delete-entity',
    'historical-location-auto-creation',
  ].map((r) => `${REQ}/create-update-delete/${r}`),
  `${REQ}/data-array/data-array`,
];

export interface Urls {
  /** The SensorThings root the reader reached (…/api/v1/sta/v1.1). */
  base: string;
  /** The API's root (…/api/v1): units and metrics link to their pages there. */
  root: string;
  /** The request's query options as sent, for the next page's link. */
  query: Record<string, string | undefined>;
}

/** What a read answers: JSON, a property's value as text ($value), or nothing (a property that is null: 204). */
export type StaAnswer = { json: Record<string, unknown> } | { text: string } | { none: true };

const notAResource = (what: string) => new AppError('NOT_FOUND', `Not a SensorThings resource: ${what}`);

/** A query-option or path mistake as the API's 400, naming the option and where in its text. */
function refused(error: unknown): never {
  const field = error instanceof ODataError ? `querystring.${error.option}` : '';
  if (error instanceof UnsupportedOption)
    throw new AppError('NOT_IMPLEMENTED', `${error.message} (at position ${error.position})`, { details: [{ field, message: error.message }] });
  if (error instanceof ODataError) throw invalidField(`querystring.${error.option}`, `${error.message} (at position ${error.position})`);
  throw error;
}

/** The self link, navigation links and $select of an entity and of what was expanded into it. */
function decorated(set: EntitySet, entity: Entity, base: string, options: QueryOptions): Entity {
  const self = `${base}/${set.name}${keyText(String(entity['@iot.id']))}`;
  const out: Entity = { ...entity, '@iot.selfLink': self };
  for (const [name, nav] of Object.entries(set.navigations)) {
    out[`${name}@iot.navigationLink`] = `${self}/${name}`;
    const inner = options.expand.find((e) => e.path[0] === name);
    const value = entity[name];
    if (value === undefined || !inner) continue;
    const nested: QueryOptions = inner.path.length > 1 ? { orderby: [], expand: [{ path: inner.path.slice(1), options: inner.options }] } : inner.options;
    const target = SETS[nav.target];
    out[name] = Array.isArray(value) ? value.map((v: Entity) => decorated(target, v, base, nested)) : value && decorated(target, value as Entity, base, nested);
  }
  if (!options.select) return out;
  const kept = new Set(options.select.map((s) => (s === 'id' ? '@iot.id' : s)));
  return Object.fromEntries(
    Object.entries(out).filter(([key]) => {
      const [name] = key.split('@');
      return kept.has(key) || kept.has(name!) || options.expand.some((e) => e.path[0] === name);
    }),
  );
}

/** The link to the page after this one: the same options, $skip moved on. */
function nextLink(url: string, query: Record<string, string | undefined>, skip: number, top: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && key !== '$skip' && key !== '$top') params.set(key, value);
  params.set('$top', String(top));
  params.set('$skip', String(skip + top));
  return `${url}?${params.toString().replace(/%24/g, '$')}`;
}

/** SensorThings reads over the catalogue's objects, datastreams, sensors, metrics and observations, as the reader may see them. */
export function createSensorThingsService(deps: { db: Database }) {
  const { db } = deps;

  /** The source a path's steps name, whether it is one entity, and the property it ends at. */
  function sourceOf(actor: Actor | null, path: ResourcePath) {
    const [first, ...rest] = path.steps;
    const set = setNamed(first!.name);
    if (!set) throw notAResource(first!.name);
    let source: Source = { set, where: first!.key === undefined ? () => undefined : (a) => set.byId(a, first!.key!) };
    let single = first!.key !== undefined;
    let property: string | undefined;
    for (const [i, step] of rest.entries()) {
      const nav = source.set.navigations[step.name];
      if (nav && single) {
        source = navigated(actor, source, step.name, 100 + i);
        single = !nav.many || step.key !== undefined;
        if (step.key !== undefined) {
          const { set: target, where } = source;
          source = { set: target, where: (a) => and(where(a), target.byId(a, step.key!)) };
        }
      } else if (single && step.key === undefined && i === rest.length - 1 && !path.ref) property = step.name;
      else throw notAResource(step.name);
    }
    if (path.value && !property) throw notAResource('$value');
    return { source, single, property };
  }

  return {
    /** The landing page: each entity set's address and the classes served. */
    landing(base: string) {
      return {
        value: SET_NAMES.map((name) => ({ name, url: `${base}/${name}` })),
        serverSettings: { conformance: CONFORMANCE },
      };
    },

    /** A read of a resource path (404 for one that names nothing the reader may see) with its query options (400 naming a mistake's position). */
    async read(actor: Actor | null, rawPath: string, urls: Urls): Promise<StaAnswer> {
      let path: ResourcePath;
      try {
        path = parsePath(rawPath);
      } catch (error) {
        if (error instanceof PathError) throw notAResource(rawPath);
        throw error;
      }
      let options: QueryOptions;
      try {
        options = parseQueryOptions(urls.query);
      } catch (error) {
        refused(error);
      }
      const { source, single, property } = sourceOf(actor, path);
      return db
        .use(async (d) => {
          const context = { db: d, actor, root: urls.root };
          if (single) {
            const entity = await readOne(context, source, property || path.ref ? { orderby: [], expand: [] } : options);
            if (!entity) throw new AppError('NOT_FOUND', `${source.set.singular} not found`);
            const answer = decorated(source.set, entity, urls.base, property || path.ref ? { orderby: [], expand: [] } : options);
            if (path.ref) return { json: { '@iot.selfLink': answer['@iot.selfLink'] } };
            if (!property) return { json: answer };
            if (!(property in entity)) throw notAResource(property);
            const value = entity[property];
            if (value === null) return { none: true as const };
            if (path.value) return { text: value === null || typeof value !== 'object' ? String(value) : JSON.stringify(value) };
            return { json: { [property]: value } };
          }
          const top = Math.min(options.top ?? DEFAULT_TOP, MAX_TOP);
          const page = await readPage(context, source, { ...options, top });
          const value = page.rows.map((e) => decorated(source.set, e, urls.base, options));
          return {
            json: {
              ...(page.count === undefined ? {} : { '@iot.count': page.count }),
              ...(page.more ? { '@iot.nextLink': nextLink(`${urls.base}/${rawPath}`, urls.query, options.skip ?? 0, top) } : {}),
              value: path.ref ? value.map((e) => ({ '@iot.selfLink': e['@iot.selfLink'] })) : value,
            },
          };
        })
        .catch(refused);
    },
  };
}
