type Parameter = { in?: string; name?: string; description?: string; 'x-wildcard'?: boolean };
type Document = { paths?: Record<string, Record<string, { parameters?: Parameter[] } | undefined>> };

/** The name the document gives a route's wildcard (Fastify's `*`). */
export const WILDCARD_NAME = 'path';

const SLASHES = 'A `/`-separated path of several segments, each percent-encoded, the slashes between them sent as they are (`x-wildcard`)';

/**
 * A route ending in a wildcard (`/data/node/*`) is `{*}` to @fastify/swagger, a name no
 * OpenAPI tool routes; the document names it `{path}` and says it takes slashes.
 */
export function withNamedWildcards<T extends object>(output: T): T {
  const document = output as Document;
  document.paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => {
      if (!path.includes('{*}')) return [path, item];
      for (const operation of Object.values(item)) {
        for (const parameter of operation?.parameters ?? []) {
          if (parameter.in !== 'path' || parameter.name !== '*') continue;
          parameter.name = WILDCARD_NAME;
          parameter.description = parameter.description ? `${parameter.description}. ${SLASHES}` : SLASHES;
          parameter['x-wildcard'] = true;
        }
      }
      return [path.replace('{*}', `{${WILDCARD_NAME}}`), item];
    }),
  );
  return output;
}
