import { OPTIONAL_BODY } from '@observatory/shared';

type Operation = { requestBody?: { required?: boolean; content?: Record<string, { schema?: Record<string, unknown> }> } };
type Document = { paths?: Record<string, Record<string, unknown> | undefined> };

/**
 * @fastify/swagger marks every request body required (Fastify validates whatever a route
 * declares); a route that takes no body as well says so on its body's schema
 * (OPTIONAL_BODY), and its operation's body is marked optional here.
 */
export function withOptionalBodies<T extends object>(output: T): T {
  for (const item of Object.values((output as Document).paths ?? {})) {
    for (const operation of Object.values(item ?? {}) as Operation[]) {
      const schemas = Object.values(operation?.requestBody?.content ?? {}).map((media) => media.schema);
      if (!schemas.some((schema) => schema?.[OPTIONAL_BODY])) continue;
      operation.requestBody!.required = false;
      for (const schema of schemas) delete schema?.[OPTIONAL_BODY];
    }
  }
  return output;
}
