import type { SQL } from 'drizzle-orm';
import { invalidField } from '../../lib/errors.js';
import { Cql2Error, parseCql2 } from './cql2.js';
import { cql2ToSql } from './cql2-sql.js';
import type { Queryable } from './queryables.js';

const FEATURES = 'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf';
const FILTERING = 'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf';
const CQL2 = 'http://www.opengis.net/spec/cql2/1.0/conf';

/**
 * The conformance classes served: Part 1's core and GeoJSON (no HTML, no OpenAPI 3.0: the
 * document is 3.1), Part 3's queryables and filter on items, in CQL2 text with its basic
 * comparisons and spatial functions (GDAL and QGIS send a layer's filter to the server
 * only when these are claimed).
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
