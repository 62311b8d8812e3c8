import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

interface Operation {
  summary?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: {
    securitySchemes?: Record<string, { type?: string; scheme?: string; description?: string }>;
    schemas?: Record<string, { required?: string[] }>;
  };
  security?: Record<string, string[]>[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await startTestApp();
  document = t.app.swagger() as unknown as Document;
});
afterAll(() => t.close());

function operations() {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );
}

/** Why an operation's success answer is not described, or null when it is. */
function successProblem(operation: Operation): string | null {
  const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^[23]/.test(status));
  if (success.length === 0) return 'declares no success status';
  for (const [status, response] of success) {
    // No content and no schema: the 200 "Default Response" @fastify/swagger puts in for a route without response schemas.
    const bodiless = status === '204' || status.startsWith('3');
    const schemas = Object.values(response.content ?? {}).filter((media) => media.schema !== undefined);
    if (!bodiless && schemas.length === 0) return `answers ${status} without a schema`;
  }
  return null;
}

describe('the OpenAPI document', () => {
  it('documents a few hundred operations', () => {
    expect(operations().length).toBeGreaterThan(150);
  });

  it('gives every operation a summary', () => {
    const missing = operations()
      .filter(({ operation }) => !operation.summary?.trim())
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });

  it('declares every operation’s success status, with a schema for each one that has a body', () => {
    const problems = operations().flatMap(({ name, operation }) => {
      const problem = successProblem(operation);
      return problem ? [`${name} ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('declares every operation’s errors in the one error shape', () => {
    expect(document.components?.schemas?.Error?.required).toEqual(['error', 'code', 'requestId']);
    const error = { description: 'An error, in the error shape', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    // Beside it, the header a 429 or 503 sends (lib/openapi-headers.ts).
    const shape = (response: { description?: string; content?: unknown } | undefined) => ({ description: response?.description, content: response?.content });
    const without = operations().filter(
      ({ operation }) => !isDeepStrictEqual(shape(operation.responses?.['4XX']), error) || !isDeepStrictEqual(shape(operation.responses?.['5XX']), error),
    );
    expect(without.map(({ name }) => name)).toEqual([]);
  });

  it('declares bearer authentication (access tokens and API keys)', () => {
    expect(document.components?.securitySchemes?.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      description: expect.stringMatching(/access token.*API key.*obk_/),
    });
    // Which operations take it (and which also answer a visitor) each says: lib/openapi-document.api.test.ts.
    expect(document.security).toBeUndefined();
  });
});
