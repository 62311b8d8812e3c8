import type { SQL } from 'drizzle-orm';
import { invalidField } from '../../lib/errors.js';
import type { Queryable } from './queryables.js';

const FEATURES = 'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf';

/** The conformance classes served: Part 1's core and GeoJSON (no HTML, no OpenAPI 3.0: the document is 3.1). */
export const CONFORMANCE = [`${FEATURES}/core`, `${FEATURES}/geojson`];

/** The filter parameter as a condition over a collection's queryables. */
export function filterOf(text: string | undefined, lang: string | undefined): ((queryables: Map<string, Queryable>) => SQL) | undefined {
  if (text === undefined && lang === undefined) return undefined;
  throw invalidField(text === undefined ? 'querystring.filter-lang' : 'querystring.filter', 'Filtering is not served');
}
