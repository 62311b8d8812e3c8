import { OGC_DEFAULT_LIMIT, OGC_MAX_LIMIT } from '@observatory/shared';
import { CRS84 } from './params.js';
import type { Queryable } from './queryables.js';

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: 'query' | 'path'; required?: boolean; description: string; schema: Schema; style?: string; explode?: boolean };

const OPENAPI_VERSION = '3.0.3';
const ref = (kind: 'parameters' | 'responses' | 'schemas', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The parameters every items request takes (Part 1, Part 3's filter, CRS84 alone). */
const ITEMS: Record<string, Parameter> = {
  collectionId: {
    name: 'collectionId',
    in: 'path',
    required: true,
    description: 'The collection: objects, or an object type’s slug',
    schema: { type: 'string' },
  },
  featureId: { name: 'featureId', in: 'path', required: true, description: 'The object’s id or name', schema: { type: 'string' } },
  f: { name: 'f', in: 'query', description: 'The format: json only', schema: { type: 'string', enum: ['json'] } },
  limit: {
    name: 'limit',
    in: 'query',
    description: `Features a page holds (a larger limit is answered with ${OGC_MAX_LIMIT})`,
    schema: { type: 'integer', minimum: 1, maximum: OGC_MAX_LIMIT, default: OGC_DEFAULT_LIMIT },
  },
  offset: { name: 'offset', in: 'query', description: 'Features skipped before the page', schema: { type: 'integer', minimum: 0 } },
  bbox: {
    name: 'bbox',
    in: 'query',
    description: 'minLon,minLat,maxLon,maxLat in CRS84: features whose extent overlaps it',
    schema: { type: 'array', minItems: 4, maxItems: 4, items: { type: 'number' } },
    style: 'form',
    explode: false,
  },
  'bbox-crs': { name: 'bbox-crs', in: 'query', description: 'Only CRS84', schema: { type: 'string', enum: [CRS84] } },
  datetime: { name: 'datetime', in: 'query', description: 'An instant or interval over the objects’ last change', schema: { type: 'string' } },
  filter: { name: 'filter', in: 'query', description: 'A CQL2 text expression over the collection’s queryables', schema: { type: 'string' } },
  'filter-lang': { name: 'filter-lang', in: 'query', description: 'Only cql2-text', schema: { type: 'string', enum: ['cql2-text'] } },
  'filter-crs': { name: 'filter-crs', in: 'query', description: 'Only CRS84', schema: { type: 'string', enum: [CRS84] } },
  crs: { name: 'crs', in: 'query', description: 'The CRS of the answer: only CRS84', schema: { type: 'string', enum: [CRS84] } },
};
const ITEMS_QUERY = ['f', 'limit', 'offset', 'bbox', 'bbox-crs', 'datetime', 'filter', 'filter-lang', 'filter-crs', 'crs'];

const json = (description: string, schema: Schema, type = 'application/json') => ({ description, content: { [type]: { schema } } });
const ERRORS = { '400': ref('responses', 'Invalid'), '404': ref('responses', 'NotFound'), default: ref('responses', 'Error') };
const OBJECT = { type: 'object', additionalProperties: true };

function operation(operationId: string, summary: string, parameters: unknown[], answer: unknown, notFound = true) {
  const { '404': missing, ...errors } = ERRORS;
  return {
    get: { operationId, summary, tags: ['OGC API - Features'], parameters, responses: { '200': answer, ...(notFound ? { '404': missing } : {}), ...errors } },
  };
}

/** A queryable as an equality parameter of its collection's items (`?depth=3`). */
const equality = (name: string, q: Queryable): Parameter => ({
  name,
  in: 'query',
  description: `Features whose ${name} equals the value`,
  schema: Object.fromEntries(Object.entries(q.schema).filter(([key]) => ['type', 'format', 'enum', 'minimum', 'maximum'].includes(key))),
});

/**
 * The OGC API's own OpenAPI 3.0 definition (the landing page's service-desc), paths
 * relative to the OGC root as the standard lays them out: GDAL (and so QGIS) reads the
 * query parameters of `/collections/{id}/items` here, and sends a layer's equality filter
 * on a property to the server as `?name=value` when the property is one of them. So each
 * collection has its own items path, listing its queryables beside the standard's.
 */
export function ogcOpenApi(root: string, title: string, collections: { id: string; title: string; queryables: Map<string, Queryable> }[]) {
  const standard = ITEMS_QUERY.map((name) => ref('parameters', name));
  const features = json('A GeoJSON FeatureCollection', ref('schemas', 'FeatureCollection'), 'application/geo+json');
  const paths: Record<string, unknown> = {
    '/': operation('getLandingPage', 'The landing page', [ref('parameters', 'f')], json('Links to the API’s parts', OBJECT), false),
    '/conformance': operation('getConformance', 'The conformance classes served', [ref('parameters', 'f')], json('conformsTo', OBJECT), false),
    '/collections': operation('listCollections', 'The collections', [ref('parameters', 'f')], json('The collections and their extents', OBJECT), false),
    '/collections/{collectionId}': operation(
      'getCollection',
      'A collection',
      [ref('parameters', 'collectionId'), ref('parameters', 'f')],
      json('The collection', OBJECT),
    ),
    '/collections/{collectionId}/queryables': operation(
      'getQueryables',
      'What a filter on a collection may compare',
      [ref('parameters', 'collectionId'), ref('parameters', 'f')],
      json('JSON Schema of the queryables', OBJECT, 'application/schema+json'),
    ),
    '/collections/{collectionId}/items': operation(
      'listFeatures',
      'A page of a collection’s features',
      [ref('parameters', 'collectionId'), ...standard],
      features,
    ),
    '/collections/{collectionId}/items/{featureId}': operation(
      'getFeature',
      'One feature',
      [ref('parameters', 'collectionId'), ref('parameters', 'featureId'), ref('parameters', 'f')],
      json('A GeoJSON Feature', ref('schemas', 'Feature'), 'application/geo+json'),
    ),
  };
  for (const c of collections) {
    const properties = [...c.queryables].filter(([, q]) => q.type !== 'geometry').map(([name, q]) => equality(name, q));
    paths[`/collections/${c.id}/items`] = operation(`listFeatures_${c.id}`, `A page of ${c.title}`, [...standard, ...properties], features);
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title,
      version: '1.0',
      description: 'OGC API - Features over the catalogue’s objects (Part 1 Core, GeoJSON; Part 3 filtering)',
      license: { name: 'GNU Affero General Public License v3.0 or later', url: 'https://www.gnu.org/licenses/agpl-3.0.html' },
    },
    servers: [{ url: root }],
    // A visitor reads what is public; a token (an API key) shows what its holder may see.
    security: [{}, { bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key (obk_…) or a signed-in session’s access token' } },
      parameters: ITEMS,
      schemas: {
        Feature: {
          type: 'object',
          required: ['type', 'id', 'geometry', 'properties'],
          properties: {
            type: { type: 'string', enum: ['Feature'] },
            id: { type: 'string' },
            geometry: { type: 'object', nullable: true, description: 'A GeoJSON geometry, or null' },
            properties: OBJECT,
            links: { type: 'array', items: OBJECT },
          },
        },
        FeatureCollection: {
          type: 'object',
          required: ['type', 'features'],
          properties: {
            type: { type: 'string', enum: ['FeatureCollection'] },
            features: { type: 'array', items: ref('schemas', 'Feature') },
            numberMatched: { type: 'integer' },
            numberReturned: { type: 'integer' },
            timeStamp: { type: 'string', format: 'date-time' },
            links: { type: 'array', items: OBJECT },
          },
        },
        Error: {
          type: 'object',
          required: ['error', 'code'],
          properties: { error: { type: 'string' }, code: { type: 'string' }, details: { type: 'array', items: OBJECT } },
        },
      },
      responses: {
        Invalid: json('A parameter the resource does not take, or a value it cannot read: the error names it', ref('schemas', 'Error')),
        NotFound: json('No such collection or feature (or one the caller may not see)', ref('schemas', 'Error')),
        Error: json('Another error, in the same shape', ref('schemas', 'Error')),
      },
    },
  };
}
