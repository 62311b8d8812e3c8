import type { SQL } from 'drizzle-orm';
import { invalidField } from '../../lib/errors.js';
import { Cql2Error, isInstant, parseCql2, type Cql2, type Cql2Literal } from './cql2.js';
import { cql2ToSql } from './cql2-sql.js';
import { ITEMS_PARAMETERS } from './params.js';
import type { Queryable } from './queryables.js';

const FEATURES = 'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf';
const FILTERING = 'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf';
const CQL2 = 'http://www.opengis.net/spec/cql2/1.0/conf';

/**
 * The conformance classes served: Part 1's core and GeoJSON (no HTML; no OpenAPI 3.0: the
 * definition at ogc/api outlines the answers rather than describing each), Part 3's
 * queryables and filter on items, in CQL2 text with its basic comparisons and spatial
 * functions.
 */
export const CONFORMANCE = [
  `${FEATURES}/core`,
  `${FEATURES}/geojson`,
  `${FILTERING}/queryables`,
  `${FILTERING}/filter`,
  `${FILTERING}/features-filter`,
  `${CQL2}/cql2-text`,
  `${CQL2}/basic-cql2`,
  `${CQL2}/basic-spatial-functions`,
];

/** A CQL2 mistake as the API's 400, naming the parameter and where in the text it is. */
function refused(error: unknown): never {
  if (error instanceof Cql2Error) throw invalidField('querystring.filter', error.message);
  throw error;
}

/**
 * The filter parameter (CQL2 text, the only language served) as a condition over a
 * collection's queryables: parsed now, so a mistake answers 400 before anything is read.
 */
export function filterOf(text: string | undefined, lang: string | undefined): ((queryables: Map<string, Queryable>) => SQL) | undefined {
  if (lang !== undefined && lang !== 'cql2-text') throw invalidField('querystring.filter-lang', 'Only cql2-text is served');
  if (text === undefined) return undefined;
  let expression: ReturnType<typeof parseCql2>;
  try {
    expression = parseCql2(text);
  } catch (error) {
    refused(error);
  }
  return (queryables) => {
    try {
      return cql2ToSql(expression, (name) => queryables.get(name));
    } catch (error) {
      refused(error);
    }
  };
}

/** A parameter's value as a literal of its queryable's type; 400 naming the parameter when it is not one. */
function literalOf(name: string, value: string, type: Queryable['type']): Cql2Literal {
  const refuse = (expected: string): never => {
    throw invalidField(`querystring.${name}`, `${name} is ${expected}: got ${JSON.stringify(value)}`);
  };
  switch (type) {
    case 'number':
    case 'integer': {
      const number = value.trim() === '' ? NaN : Number(value);
      if (!Number.isFinite(number) || (type === 'integer' && !Number.isInteger(number))) refuse(`a${type === 'integer' ? 'n integer' : ' number'}`);
      return { kind: 'number', value: number, position: 0 };
    }
    case 'boolean':
      if (value !== 'true' && value !== 'false') refuse('true or false');
      return { kind: 'boolean', value: value === 'true', position: 0 };
    case 'date':
    case 'timestamp':
      if (!isInstant(type, value)) refuse(type === 'date' ? 'a date such as 2020-01-31' : 'a date-time such as 2020-01-31T12:00:00Z');
      return { kind: type, value, position: 0 };
    default:
      return { kind: 'string', value, position: 0 };
  }
}

/**
 * Part 1's filtering on properties: `?name=value` for a queryable (but the geometry) keeps
 * the features whose property equals the value, read as the queryable's type; several are
 * all required. Any other parameter is refused, naming what the collection takes.
 */
export function propertyEqualities(parameters: [string, string][], queryables: Map<string, Queryable>): SQL | undefined {
  const comparable = [...queryables].filter(([, q]) => q.type !== 'geometry').map(([name]) => name);
  const unknown = [...new Set(parameters.map(([name]) => name))].filter((name) => !comparable.includes(name));
  if (unknown.length) {
    throw invalidField(
      `querystring.${unknown[0]}`,
      `Unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: this collection takes ${[...ITEMS_PARAMETERS, ...comparable].join(', ')}`,
    );
  }
  if (parameters.length === 0) return undefined;
  const equalities: Cql2[] = parameters.map(([name, value]) => ({
    op: '=',
    args: [{ kind: 'property', name, position: 0 }, literalOf(name, value, queryables.get(name)!.type)],
  }));
  return cql2ToSql({ op: 'and', args: equalities }, (name) => queryables.get(name));
}
