import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildObject, buildProject, buildTeam, buildUser, tokenFor, type TestUser } from '../factories.js';
import { api, startTestApp, type TestApp } from '../harness.js';
import { pick, sample, seeded, spoil, toJson, NASTY_STRINGS, type Rng, type Schema } from './generate.js';

/**
 * A fuzz run over every operation of the API's OpenAPI document, signed in as an
 * administrator and as a visitor: requests that fit the schemas, and the same spoiled
 * (NUL, halves of surrogate pairs, huge numbers, wrong types, deep nesting...). No answer
 * may be a 5xx: bad input is a 4xx, and an answer that does not match its own documented
 * schema fails in the serializer with a 500, so it is caught here too. `npm test` runs a
 * few requests per operation; `npm run fuzz` runs many and prints the figures.
 */

const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  parameters: { name: string; in: 'path' | 'query'; required?: boolean; schema?: Schema }[];
  body?: Schema;
  /** The documented JSON answer of each status. */
  answers: Record<string, Schema | undefined>;
}

interface OpenApi {
  paths: Record<
    string,
    Partial<
      Record<
        (typeof METHODS)[number],
        {
          parameters?: Operation['parameters'];
          requestBody?: { content?: Record<string, { schema?: Schema }> };
          responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
        }
      >
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}

let t: TestApp;
let admin: TestUser;
/** Keys of things that exist, so that requests also reach past the lookups. */
let known: string[];

beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  const project = await buildProject(t.app, admin, { title: 'Fuzz project' });
  const object = await buildObject(t.app, admin, { name: 'fuzz-object', title: 'Fuzz object' });
  const team = await buildTeam(t.app, admin, { name: 'Fuzz team' });
  const member = await buildUser(t.app);
  // Not the administrator's own account: a run that took its role away would test nothing after.
  known = [project.slug, project.id, object.name, object.id, team.slug, member.username, member.personId, 'site', 'property'];
});
afterAll(() => t.close());

function operationsOf(spec: OpenApi): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method];
      if (!op) return [];
      const answers = Object.fromEntries(Object.entries(op.responses ?? {}).map(([status, r]) => [status, r.content?.['application/json']?.schema]));
      return [{ method, path, parameters: op.parameters ?? [], body: op.requestBody?.content?.['application/json']?.schema, answers }];
    }),
  );
}

/** A path segment as a client would send it; half a surrogate pair, which has no UTF-8, as the bytes a broken client sends. */
const segment = (value: string) =>
  value
    .split(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/)
    .map(encodeURIComponent)
    .join('%ED%A0%80');

const keyFor = (rng: Rng) =>
  rng() < 0.5 ? pick(rng, known) : rng() < 0.5 ? pick(rng, NASTY_STRINGS) : sample({ type: 'string', format: 'uuid' }, rng, () => ({}));

function requestFor(op: Operation, rng: Rng, resolve: (ref: string) => Schema) {
  const spoilt = rng() < 0.6;
  let url = op.path.replace(/^\/api\/v1/, '').replace(/\{([^}]+)\}/g, () => segment(String(keyFor(rng))));
  const query = new URLSearchParams();
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    // Most optional parameters left out, so that plain lists (with rows to check) come up too.
    if (!p.required && rng() < 0.8) continue;
    let value = sample(p.schema, rng, resolve);
    if (spoilt && rng() < 0.3) value = spoil(value, rng);
    query.set(p.name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if ([...query].length) url += `?${query}`;
  let body = op.body ? sample(op.body, rng, resolve) : undefined;
  if (body !== undefined && spoilt) body = spoil(body, rng);
  return { url, body };
}

it(`answers no 5xx to ${PER_OPERATION} made-up requests per operation, signed in and not`, { timeout: 60_000 + PER_OPERATION * 2000 }, async () => {
  const spec = (await api(t.app, 'GET', '/openapi.json')).json() as OpenApi;
  const resolve = (ref: string) => spec.components?.schemas?.[ref.replace('#/components/schemas/', '')] ?? {};
  const operations = operationsOf(spec);
  const rng = seeded(SEED);
  const failures: string[] = [];
  // Every 2xx JSON answer is checked against the schema the document gives it.
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats.default(ajv);
  // Components refer to each other as `#/components/schemas/X`: they sit where a document's would.
  ajv.addSchema({ $id: 'openapi', components: spec.components });
  const validators = new Map<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema) => {
    if (!validators.has(schema)) validators.set(schema, ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'))));
    return validators.get(schema)!;
  };
  let sent = 0;
  let checked = 0;
  const statuses = new Map<number, number>();
  for (const op of operations) {
    for (let i = 0; i < PER_OPERATION; i++) {
      const { url, body } = requestFor(op, rng, resolve);
      const payload = body === undefined ? undefined : toJson(body);
      const res = await t.app.inject({
        method: op.method.toUpperCase() as 'GET',
        url: `/api/v1${url}`,
        // A token of its own each time: a request may have ended the administrator's sessions (sign out everywhere).
        headers: {
          ...(i % 2 === 0 ? { authorization: `Bearer ${await tokenFor(t.app, admin.id)}` } : {}),
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload !== undefined ? { payload } : {}),
      });
      sent++;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const request = `${op.method.toUpperCase()} ${url.slice(0, 200)} ${payload?.slice(0, 300) ?? ''}`;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${request} -> ${res.body.slice(0, 300)}`);
      const documented = op.answers[String(res.statusCode)];
      if (res.statusCode < 300 && documented && res.headers['content-type']?.toString().startsWith('application/json')) {
        const validate = validatorOf(documented);
        checked++;
        if (!validate(res.json())) failures.push(`${res.statusCode} ${request}: the answer does not match its schema: ${ajv.errorsText(validate.errors)}`);
      }
    }
  }
  const answered = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  console.log(
    `fuzz: ${sent} requests, ${operations.length} operations, ${failures.length} answered 5xx, ${checked} answers checked against their schemas (seed ${SEED}); answers ${answered}`,
  );
  expect(failures).toEqual([]);
});
