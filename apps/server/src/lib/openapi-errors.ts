import { ErrorBodySchema } from '@observatory/shared';
import { z } from 'zod';

type Operation = { responses?: Record<string, unknown>; parameters?: { in?: string; name?: string }[] };
type Document = { components?: { schemas?: Record<string, unknown> }; paths?: Record<string, Record<string, unknown> | undefined> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The error shape as a JSON Schema (without its `$schema`: the document says which dialect). */
function errorSchema(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(ErrorBodySchema) as Record<string, unknown>;
  return schema;
}

/**
 * Every call answers its errors in one shape (plugins/errors): declared once as
 * `components.schemas.Error` and referred to by each operation's 4XX and 5XX, so a client
 * generated from the document knows it.
 */
export function withErrorResponses<T extends object>(output: T): T {
  const document = output as Document;
  const answer = { description: 'An error, in the error shape', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  document.components = { ...document.components, schemas: { ...document.components?.schemas, Error: errorSchema() } };
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method] as Operation | undefined;
      if (!operation) continue;
      // A conditional write (lib/versions.ts) names its 412 on its own: the answer a client must handle.
      const conditional = operation.parameters?.some((p) => p.in === 'header' && p.name === 'if-match');
      const changed = {
        description: 'The resource has moved on since the version If-Match names: nothing was written; `current` says its version now and who wrote it when',
        content: answer.content,
      };
      operation.responses = { ...operation.responses, ...(conditional ? { '412': changed } : {}), '4XX': answer, '5XX': answer };
    }
  }
  return output;
}
