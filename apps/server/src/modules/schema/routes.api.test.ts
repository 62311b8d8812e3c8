import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMetadataSchema, buildMetric, buildObject, buildObjectType, buildProject, buildUnit, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let curator: TestUser;
let admin: TestUser;
let user: TestUser;
let n = 0;
/** A name of its own for each thing a test makes. */
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${n++}`;

beforeAll(async () => {
  t = await startTestApp();
  curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  user = await buildUser(t.app);
});
afterAll(() => t.close());

const as = (who: TestUser) => ({ token: who.token });

describe('units', () => {
  it('list UCUM’s reference units, read by everyone', async () => {
    const res = await api(t.app, 'GET', '/data/units');
    expect(res.statusCode).toBe(200);
    const units = res.json().units as { code: string; name: string; printSymbol: string; property: string; builtin: boolean }[];
    expect(units.length).toBeGreaterThanOrEqual(200);
    expect(units).toContainEqual({ code: 'Cel', name: 'degree Celsius', printSymbol: '°C', property: 'temperature', builtin: true, version: 1 });
    expect(units.find((u) => u.code === 'kg/m3')?.printSymbol).toBe('kg/(m³)');
    // UCUM's markup is printed as text: cm H<sub><r>2</r></sub>O.
    expect(units.filter((u) => /[<>]/.test(u.printSymbol))).toEqual([]);
    expect(units.find((u) => u.code === 'cm[H2O]')?.printSymbol).toContain('₂');
    // UCUM's table writes "g/kg " with a space: listed trimmed, and once.
    expect(units.filter((u) => u.code.trim() !== u.code)).toEqual([]);
    expect(new Set(units.map((u) => u.code)).size).toBe(units.length);
    expect(units.find((u) => u.code === 'g/kg')).toMatchObject({ name: 'gram per kilogram', builtin: true });
    expect((await api(t.app, 'GET', '/data/units/g%2Fkg')).json().unit).toMatchObject({ code: 'g/kg', builtin: true });
    expect((await api(t.app, 'POST', '/data/units', { ...as(curator), body: { code: 'g/kg' } })).statusCode).toBe(409);
  });

  it('are added when UCUM knows them, once', async () => {
    const added = await api(t.app, 'POST', '/data/units', { ...as(curator), body: { code: 't/har' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ code: 't/har', name: '[metric ton]/hectoare', builtin: false });
    expect((await api(t.app, 'POST', '/data/units', { ...as(curator), body: { code: 't/har' } })).statusCode).toBe(409);
  });

  it('are changed, and removed while unused; UCUM’s own stay', async () => {
    await buildUnit(t.app, curator, { code: 'kg/har' });
    const changed = await api(t.app, 'PUT', '/data/units/kg%2Fhar', { ...as(curator), body: { printSymbol: 'kg ha⁻¹', property: 'yield' } });
    expect(changed.json()).toMatchObject({ code: 'kg/har', printSymbol: 'kg ha⁻¹', property: 'yield' });
    expect((await api(t.app, 'GET', '/data/units/kg%2Fhar')).json()).toEqual({ unit: changed.json(), metrics: [] });
    expect((await api(t.app, 'DELETE', '/data/units/kg%2Fhar', as(curator))).statusCode).toBe(204);
    expect((await api(t.app, 'GET', '/data/units/kg%2Fhar')).statusCode).toBe(404);
    const builtin = await api(t.app, 'DELETE', '/data/units/Cel', as(curator));
    expect(builtin.statusCode).toBe(409);
  });

  it('refuse a code UCUM does not know, with its suggestion', async () => {
    const res = await api(t.app, 'POST', '/data/units', { ...as(curator), body: { code: 'kilogram' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'body.code', message: expect.stringMatching(/Not a UCUM unit: .*Did you mean kg\?/) }]);
    expect((await api(t.app, 'GET', '/data/units')).json().units.some((u: { code: string }) => u.code === 'kilogram')).toBe(false);
  });

  it('convert between commensurable units, and refuse others naming both', async () => {
    const res = await api(t.app, 'GET', '/data/units/convert?value=20&from=Cel&to=[degF]');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ value: 20, from: 'Cel', to: '[degF]', result: 68 });
    expect((await api(t.app, 'GET', '/data/units/convert?value=2.5&from=g%2Fkg&to=%25')).json().result).toBe(0.25);
    const refused = await api(t.app, 'GET', '/data/units/convert?value=1&from=m&to=g');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/m cannot be converted to g/);
    expect(refused.json().details.map((d: { field: string }) => d.field)).toEqual(['querystring.from', 'querystring.to']);
    const unknown = await api(t.app, 'GET', '/data/units/convert?value=1&from=m&to=furlongs');
    expect(unknown.json().details[0]).toMatchObject({ field: 'querystring.to' });
    expect((await api(t.app, 'GET', '/data/units/convert?value=lots&from=m&to=m')).json().details[0].field).toBe('querystring.value');
  });

  it('need sign-in, then manageSchema, to change', async () => {
    expect((await api(t.app, 'POST', '/data/units', { body: { code: 'km' } })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/data/units', { ...as(user), body: { code: 'km' } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', '/data/units/Cel', { ...as(user), body: { name: 'x' } })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', '/data/units/Cel', as(user))).statusCode).toBe(403);
  });
});

const metric = (name: string, more: Record<string, unknown> = {}) => ({
  name,
  title: 'Soil organic carbon',
  description: 'In the top 30 cm',
  unit: 'g/kg',
  type: 'number',
  min: 0,
  max: 1000,
  ...more,
});

describe('metrics', () => {
  it('are created with a UCUM unit, read by name, changed and deleted', async () => {
    const name = fresh('soc');
    const created = await api(t.app, 'POST', '/data/metrics', { ...as(curator), body: metric(name) });
    expect(created.statusCode).toBe(201);
    const body = {
      name,
      title: 'Soil organic carbon',
      description: 'In the top 30 cm',
      unit: 'g/kg',
      type: 'number',
      allowed: [],
      min: 0,
      max: 1000,
      rules: [],
      version: 1,
    };
    expect(created.json()).toEqual({ metric: body });
    expect((await api(t.app, 'GET', `/data/metrics/${name}`)).json()).toEqual({ metric: body });
    expect((await api(t.app, 'GET', '/data/metrics')).json().metrics).toContainEqual(body);
    const category = await api(t.app, 'PUT', `/data/metrics/${name}`, {
      ...as(curator),
      body: { name, title: 'Texture', type: 'category', allowed: ['sand', 'silt', 'clay'] },
    });
    expect(category.json().metric).toMatchObject({ type: 'category', allowed: ['sand', 'silt', 'clay'], unit: null, min: null });
    // Site Admin's recent changes name it.
    const audit = (await api(t.app, 'GET', '/admin/summary', as(admin))).json().audit as {
      action: string;
      target: { name: string | null; key: string | null };
    }[];
    expect(audit.find((a) => a.action === 'metric.update')?.target).toMatchObject({ name: 'Texture', key: name });
    expect((await api(t.app, 'DELETE', `/data/metrics/${name}`, as(curator))).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/data/metrics/${name}`)).statusCode).toBe(404);
  });

  it('refuse an unknown unit, a minimum above the maximum, a category without values, a taken name', async () => {
    const name = fresh('ph');
    const unit = await api(t.app, 'POST', '/data/metrics', { ...as(curator), body: metric(name, { unit: 'degC' }) });
    expect(unit.statusCode).toBe(400);
    expect(unit.json().details[0]).toMatchObject({ field: 'body.unit', message: expect.stringMatching(/^Not a UCUM unit/) });
    const range = await api(t.app, 'POST', '/data/metrics', { ...as(curator), body: metric(name, { min: 14, max: 0 }) });
    expect(range.json().details[0]).toMatchObject({ field: 'body.min', message: 'The minimum (14) is above the maximum (0)' });
    const category = await api(t.app, 'POST', '/data/metrics', { ...as(curator), body: metric(name, { type: 'category', unit: null, min: null, max: null }) });
    expect(category.json().details[0]).toMatchObject({ field: 'body.allowed' });
    const badName = await api(t.app, 'POST', '/data/metrics', { ...as(curator), body: metric('Soil Carbon!') });
    expect(badName.json().details[0].field).toBe('body.name');
    expect((await api(t.app, 'GET', `/data/metrics/${name}`)).statusCode).toBe(404);
    await api(t.app, 'POST', '/data/metrics', { ...as(curator), body: metric(name) });
    const again = await api(t.app, 'POST', '/data/metrics', { ...as(curator), body: metric(name) });
    expect(again.statusCode).toBe(409);
    expect(again.json().details[0].field).toBe('body.name');
  });

  it('take plausibility rules (numbers only), refusing a bad one by its field', async () => {
    const post = (over: Record<string, unknown>) => api(t.app, 'POST', '/data/metrics', { ...as(curator), body: metric(fresh('temp'), over) });
    const rules = [
      { kind: 'range', name: 'Gross range', flag: 'bad', min: -40, max: 50 },
      { kind: 'step', name: 'Rate of change', flag: 'suspect', max: 10 },
      { kind: 'flat', name: 'Flat line', flag: 'suspect', count: 4 },
      { kind: 'spike', name: 'Spike', flag: 'suspect', threshold: 8 },
    ];
    const created = await post({ rules });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().metric.rules).toEqual(rules);
    const twice = await post({
      rules: [
        { kind: 'range', name: 'R', min: 5, max: 1 },
        { kind: 'step', name: 'R', max: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details.map((d: { field: string }) => d.field)).toEqual(['body.rules.0.min', 'body.rules.1.name']);
    const text = await post({ type: 'text', unit: null, min: null, max: null, rules: [{ kind: 'flat', name: 'Stuck', count: 3 }] });
    expect(text.json().details[0]).toMatchObject({ field: 'body.rules', message: 'Only a number or an integer has plausibility rules' });
    const open = await post({ rules: [{ kind: 'range', name: 'Open' }] });
    expect(open.json().details[0]).toMatchObject({ field: 'body.rules.0.min', message: 'A range rule needs a minimum or a maximum' });
    const unknown = await post({ rules: [{ kind: 'trend', name: 'Trend' }] });
    expect(unknown.json().details[0].field).toMatch(/^body\.rules\.0/);
  });

  it('need sign-in, then manageSchema, to change', async () => {
    expect((await api(t.app, 'POST', '/data/metrics', { body: metric(fresh('m')) })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/data/metrics', { ...as(user), body: metric(fresh('m')) })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', '/data/metrics/anything', as(user))).statusCode).toBe(403);
  });
});

const schemaDoc = (properties: Record<string, unknown>) => ({ type: 'object', properties, additionalProperties: false });

describe('metadata schemas', () => {
  it('are created, versioned on each save, and deleted while unused', async () => {
    const created = await api(t.app, 'POST', '/data/schema', {
      ...as(curator),
      body: { title: `Soil ${fresh('basics')}`, schema: schemaDoc({ ph: { type: 'number' } }) },
    });
    expect(created.statusCode).toBe(201);
    const { slug } = created.json();
    expect(created.json()).toMatchObject({ version: 1, schema: schemaDoc({ ph: { type: 'number' } }) });
    const saved = await api(t.app, 'PUT', `/data/schema/${slug}`, {
      ...as(curator),
      body: { title: 'Soil basics', schema: schemaDoc({ ph: { type: 'number', maximum: 14 } }) },
    });
    expect(saved.json()).toMatchObject({ slug, version: 2, title: 'Soil basics' });
    expect((await api(t.app, 'GET', `/data/schema/${slug}`)).json()).toEqual({ schema: saved.json(), usedBy: [] });
    expect((await api(t.app, 'GET', '/data/schema')).json().schemas.map((s: { slug: string }) => s.slug)).toContain(slug);
    expect((await api(t.app, 'DELETE', `/data/schema/${slug}`, as(curator))).statusCode).toBe(204);
  });

  it('refuse a document that is not JSON Schema 2020-12, naming the problem, and change nothing', async () => {
    const res = await api(t.app, 'PUT', '/data/schema/site-basics', {
      ...as(curator),
      body: { title: 'Site', schema: { type: 'object', properties: { elevation: { type: 'float' } } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({
      field: 'body.schema',
      message: expect.stringMatching(/^Not a valid JSON Schema 2020-12: .*properties\/elevation\/type/),
    });
    expect((await api(t.app, 'GET', '/data/schema/site-basics')).json().schema.version).toBe(1);
  });

  it('check what a new version would do to the objects of the types using it', async () => {
    const type = await newType();
    for (const [name, elevation] of [
      ['low', 500],
      ['high', 2500],
    ] as const) {
      await buildObject(t.app, admin, { name: `${type.slug}-${name}`, title: `${name} site`, types: [type.slug], metadata: { elevation } });
    }
    // A members-only object of a project the curator is not in: counted, never named to them.
    const project = await buildProject(t.app, admin, { visibility: 'members' });
    await buildObject(t.app, admin, {
      name: `${type.slug}-hidden`,
      title: 'hidden site',
      types: [type.slug],
      visibility: 'members',
      projects: [project.id],
      metadata: { elevation: 10 },
    });
    const stricter = schemaDoc({ elevation: { type: 'number', minimum: 1000 } });
    const impact = await api(t.app, 'POST', `/data/schema/${type.schema}/check`, { ...as(curator), body: { schema: stricter } });
    expect(impact.statusCode).toBe(200);
    const low = { name: `${type.slug}-low`, title: 'low site', problems: ['elevation: must be >= 1000 (' + type.name + ')'] };
    expect(impact.json()).toEqual({ checked: 3, invalid: 2, hidden: 1, objects: [low] });
    const toAdmin = (await api(t.app, 'POST', `/data/schema/${type.schema}/check`, { ...as(admin), body: { schema: stricter } })).json();
    expect(toAdmin).toMatchObject({ invalid: 2, hidden: 0, objects: [{ name: `${type.slug}-hidden` }, low] });
    // Checking saves nothing.
    expect((await api(t.app, 'GET', `/data/schema/${type.schema}`)).json().schema.version).toBe(1);
    expect((await api(t.app, 'POST', `/data/schema/${type.schema}/check`, { ...as(user), body: { schema: stricter } })).statusCode).toBe(403);
    expect((await api(t.app, 'POST', `/data/schema/${type.schema}/check`, { ...as(curator), body: { schema: { type: 'nothing' } } })).statusCode).toBe(400);
    // In use: not deleted, and the answer says by what.
    const used = await api(t.app, 'DELETE', `/data/schema/${type.schema}`, as(curator));
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toContain(`${type.name} (object type)`);
  });

  it('need sign-in, then manageSchema, to change', async () => {
    const body = { title: 'X', schema: schemaDoc({}) };
    expect((await api(t.app, 'POST', '/data/schema', { body })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/data/schema', { ...as(user), body })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', '/data/schema/site-basics', { ...as(user), body })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', '/data/schema/site-basics', as(user))).statusCode).toBe(403);
  });
});

/** A type of its own with a schema of its own (elevation, a number) and a metric. */
async function newType() {
  const { slug: schema } = await buildMetadataSchema(t.app, curator, { title: fresh('Ridge basics'), schema: schemaDoc({ elevation: { type: 'number' } }) });
  const { name: metric } = await buildMetric(t.app, curator, { name: fresh('air-temperature'), title: 'Air temperature', unit: 'Cel' });
  const name = fresh('Ridge');
  const type = await buildObjectType(t.app, curator, { name, marker: 'mini', parents: ['property'], metrics: [metric], metadata_schemas: [schema] });
  return { slug: type.slug, name, schema, metric };
}

describe('object types', () => {
  it('are indexed by name with their metrics and schemas embedded, as one type is', async () => {
    const index = (await api(t.app, 'GET', '/data/objtypes')).json().objtypes;
    expect(Object.keys(index)).toEqual(expect.arrayContaining(['Property', 'Site', 'Vegetation plot', 'Soil plot']));
    const site = (await api(t.app, 'GET', '/data/objtypes/site')).json().objtype;
    expect(index.Site).toEqual(site);
    expect(site).toMatchObject({ slug: 'site', name: 'Site', marker: 'mini', parents: ['property'] });
    expect(Object.keys(site.metadata_schemas)).toEqual(['site-basics']);
    // Properties keep the order they were written in: the order forms show.
    expect(Object.keys(site.metadata_schemas['site-basics'].schema.properties)).toEqual(['elevation', 'habitat', 'siteCode']);
    expect((await api(t.app, 'GET', '/data/objtypes/no-such-type')).statusCode).toBe(404);
    expect((await api(t.app, 'GET', '/data/objtypes/Not_A_Slug')).json().details[0].field).toBe('params.slug');
  });

  it('are created with metrics, schemas and parents, changed, and deleted when no object has them', async () => {
    const type = await newType();
    const got = (await api(t.app, 'GET', `/data/objtypes/${type.slug}`)).json().objtype;
    expect(got).toMatchObject({ name: type.name, marker: 'mini', parents: ['property'], metrics: { [type.metric]: { unit: 'Cel' } } });
    expect(Object.keys(got.metadata_schemas)).toEqual([type.schema]);
    // The metric and the schema are in use now.
    expect((await api(t.app, 'DELETE', `/data/metrics/${type.metric}`, as(curator))).json().error).toContain(type.name);
    const changed = await api(t.app, 'PUT', `/data/objtypes/${type.slug}`, {
      ...as(curator),
      body: { name: type.name, marker: 'soil', parents: [], metrics: [], metadata_schemas: [type.schema, 'site-basics'] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().objtype).toMatchObject({ marker: 'soil', parents: [], metrics: {} });
    expect(Object.keys(changed.json().objtype.metadata_schemas)).toEqual([type.schema, 'site-basics']);
    expect((await api(t.app, 'DELETE', `/data/metrics/${type.metric}`, as(curator))).statusCode).toBe(204);
    expect((await api(t.app, 'DELETE', `/data/objtypes/${type.slug}`, as(curator))).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/data/objtypes/${type.slug}`)).statusCode).toBe(404);
  });

  it('hold an object’s metadata to every schema of every type', async () => {
    const type = await newType();
    await api(t.app, 'PUT', `/data/objtypes/${type.slug}`, { ...as(curator), body: { name: type.name, metadata_schemas: [type.schema, 'site-basics'] } });
    // eslint-disable-next-line tests/factories-for-test-data -- the object's create call, refused by the type's schemas, is what this test checks
    const res = await api(t.app, 'POST', '/data/obj', {
      ...as(admin),
      body: { name: fresh('both'), title: 'Both', types: [type.slug], metadata: { elevation: 'high' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.filter((d: { field: string }) => d.field === 'body.metadata.elevation')).toHaveLength(2);
  });

  it('refuse a parent loop, a taken name or slug, unknown parts; a type with objects is not deleted', async () => {
    const a = await newType();
    const b = await newType();
    await api(t.app, 'PUT', `/data/objtypes/${b.slug}`, { ...as(curator), body: { name: b.name, parents: [a.slug] } });
    const loop = await api(t.app, 'PUT', `/data/objtypes/${a.slug}`, { ...as(curator), body: { name: a.name, parents: [b.slug] } });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().details[0]).toMatchObject({ field: 'body.parents', message: expect.stringMatching(/loop/) });
    expect((await api(t.app, 'PUT', `/data/objtypes/${a.slug}`, { ...as(curator), body: { name: a.name, parents: [a.slug] } })).statusCode).toBe(400);
    const name = await api(t.app, 'POST', '/data/objtypes', { ...as(curator), body: { name: 'Site', slug: fresh('other-site') } });
    expect(name.statusCode).toBe(409);
    expect(name.json().details[0].field).toBe('body.name');
    const slug = await api(t.app, 'POST', '/data/objtypes', { ...as(curator), body: { name: fresh('Another'), slug: 'site' } });
    expect(slug.json().details[0].field).toBe('body.slug');
    for (const [field, body] of [
      ['body.parents', { parents: ['nowhere'] }],
      ['body.metrics', { metrics: ['no-such-metric'] }],
      ['body.metadata_schemas', { metadata_schemas: ['no-such-schema'] }],
      ['body.marker', { marker: 'star' }],
    ] as const) {
      const res = await api(t.app, 'PUT', `/data/objtypes/${a.slug}`, { ...as(curator), body: { name: a.name, ...body } });
      expect(res.json().details[0].field, field).toBe(field);
    }
    expect((await api(t.app, 'GET', `/data/objtypes/${a.slug}`)).json().objtype.parents).toEqual(['property']);
    await buildObject(t.app, admin, { types: [a.slug] });
    const objects = await api(t.app, 'DELETE', `/data/objtypes/${a.slug}`, as(curator));
    expect(objects.statusCode).toBe(409);
    expect(objects.json().error).toBe(`1 object is of the type ${a.name}: give it another type first`);
  });

  it('need sign-in, then manageSchema, to change', async () => {
    expect((await api(t.app, 'POST', '/data/objtypes', { body: { name: 'X' } })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/data/objtypes', { ...as(user), body: { name: 'X' } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', '/data/objtypes/site', { ...as(user), body: { name: 'Site' } })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', '/data/objtypes/site', as(user))).statusCode).toBe(403);
  });
});
