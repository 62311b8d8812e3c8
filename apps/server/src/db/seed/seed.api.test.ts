import { sql } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasOf, type ObjectType } from '@observatory/shared';
import { tokenFor } from '../../../test/factories.js';
import { api, startTestApp, uniqueIp, type TestApp } from '../../../test/harness.js';
import { createMetadataValidator } from '../../lib/metadata.js';
import { rowsOf } from '../client.js';
import { DEMO_PEOPLE, DEMO_TEAMS } from './demo.js';
import { DEMO_METRICS, DEMO_NODES, DEMO_TYPE_METRICS } from './demo-catalogue.js';
import { DEMO_INSIGHT_TAGS, planDemoInsights, type PlannedInsight } from './demo-insights.js';
import { RIVER_METRIC, RIVER_PROJECT, stationTitle } from './demo-measured.js';
import { DEMO_PROPERTIES, planDemoObjects } from './demo-objects.js';
import { DEMO_PROJECTS } from './demo-projects.js';
import { DEMO_PUBLICATIONS } from './demo-publications.js';
import { prepareData } from './index.js';
import { today } from './objects.js';

let t: TestApp;
/** The day the demo data was planned for: its dates (and so its draws) follow the day, and a run may cross midnight. */
let seededAt: Date;
beforeAll(async () => {
  seededAt = today();
  t = await startTestApp({ seedDemo: true, demoPassword: 'demo-password-1', admin: { username: 'admin', password: 'admin-password-1', email: null } });
  await prepareData(t.app);
  await prepareData(t.app); // a second start adds nothing
});
afterAll(() => t.close());

describe('the demo data set', () => {
  it('has about forty people, fifteen institutions in four categories, and four teams', async () => {
    const people = await api(t.app, 'GET', '/people');
    expect(Number(people.headers['pagination-count'])).toBe(41); // 40 people and the administrator
    const { institutions, categories } = (await api(t.app, 'GET', '/institutions')).json();
    expect(institutions).toHaveLength(15);
    expect(categories.map((c: { name: string }) => c.name)).toEqual(['Universities', 'Research institutes', 'Networks and agencies', 'Field stations']);
    expect((await api(t.app, 'GET', '/teams')).json().teams).toHaveLength(4);
  });

  it('gives the demo accounts and the administrator working passwords', async () => {
    for (const [username, password] of [
      ['ada', 'demo-password-1'],
      ['admin', 'admin-password-1'],
    ]) {
      const res = await api(t.app, 'POST', '/auth/login', { body: { username, password }, ip: uniqueIp() });
      expect(res.statusCode).toBe(200);
    }
  });

  it('puts every team’s members in order', async () => {
    const team = (await api(t.app, 'GET', '/teams/field-team')).json();
    expect(team.members.length).toBeGreaterThanOrEqual(1);
    const names = team.members.map((m: { name: string }) => m.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
  });
});

describe('the demo projects', () => {
  const tokenOf = async (username: string) => tokenFor(t.app, (await t.app.services.users.findByLogin(username))!.id);
  const titles = (res: { json: () => { projects: { title: string }[] } }) => res.json().projects.map((p) => p.title);
  const membersOnly = DEMO_PROJECTS.find((p) => p.visibility === 'members')!;
  const signedIn = DEMO_PROJECTS.find((p) => p.visibility === 'signed-in')!;

  it('are twelve, mostly public, one for signed-in users and one for members only', async () => {
    const admin = await tokenOf('admin');
    const all = await api(t.app, 'GET', '/projects', { token: admin });
    expect(all.headers['pagination-count']).toBe('12');
    expect(new Set(all.json().projects.map((p: { status: string }) => p.status))).toEqual(new Set(['planned', 'active', 'completed']));
    const visitor = await api(t.app, 'GET', '/projects');
    expect(visitor.headers['pagination-count']).toBe('10');
    expect(titles(visitor)).not.toContain(membersOnly.title);
    expect(titles(visitor)).not.toContain(signedIn.title);
    expect(titles(await api(t.app, 'GET', '/projects', { token: await tokenOf('tomas') }))).toContain(signedIn.title);
  });

  it('has a sample project at /projects/sample with every section filled and every kind of text', async () => {
    const res = await api(t.app, 'GET', '/projects/sample');
    expect(res.statusCode).toBe(200);
    const sample = res.json();
    expect(sample.project).toMatchObject({
      slug: 'sample',
      title: 'Sample project: Alpine treeline monitoring',
      visibility: 'public',
      status: 'active',
      team: { slug: 'field-team' },
    });
    expect(sample.contributors.length).toBeGreaterThanOrEqual(4);
    expect(sample.contributors.map((c: { position: number }) => c.position)).toEqual(sample.contributors.map((_: unknown, i: number) => i));
    expect(sample.contributors[0]).toMatchObject({ title: 'Principal investigator', person: { slug: 'ada' } });
    expect(sample.institutions.map((i: { role: string; institution: { slug: string } }) => [i.institution.slug, i.role])).toEqual([
      ['wsl', 'Lead'],
      ['university-of-bern', 'Partner'],
      ['eth-zurich', 'Funder'],
    ]);
    expect(sample.updates.length).toBeGreaterThanOrEqual(3);
    expect(sample.updates.map((u: { author: { slug: string } }) => u.author.slug)).toContain('grace'); // an editor posts news too
    expect(sample.files).toEqual([expect.objectContaining({ name: 'NEON comparison sites' })]);
    expect(sample.files[0].versions.map((v: { version: number; author: { slug: string } }) => [v.version, v.author.slug])).toEqual([
      [2, 'grace'],
      [1, 'ada'],
    ]);
    expect(sample.files[0].versions.map((v: { mediaType: string }) => v.mediaType)).toEqual(['text/csv', 'text/csv']);
    expect(sample.files[0].versions[0].size).toBeGreaterThan(sample.files[0].versions[1].size); // version 2 adds a site
    const nodes = new Set<string>();
    const marks = new Set<string>();
    const walk = (node: { type: string; content?: unknown[]; marks?: { type: string }[] }) => {
      nodes.add(node.type);
      node.marks?.forEach((m) => marks.add(m.type));
      (node.content as (typeof node)[] | undefined)?.forEach(walk);
    };
    walk(sample.doc);
    expect([...nodes].sort()).toEqual([
      'blockquote',
      'bulletList',
      'codeBlock',
      'doc',
      'hardBreak',
      'heading',
      'horizontalRule',
      'listItem',
      'orderedList',
      'paragraph',
      'text',
    ]);
    expect([...marks].sort()).toEqual(['bold', 'code', 'italic', 'link', 'strike', 'subscript', 'superscript', 'underline']);
  });

  it('gives the demo accounts roles: ada owns, grace edits, tomas contributes', async () => {
    const members = (await api(t.app, 'GET', '/projects/sample/members')).json().members;
    expect(Object.fromEntries(members.map((m: { username: string; role: { slug: string } }) => [m.username, m.role.slug]))).toEqual({
      ada: 'owner',
      grace: 'editor',
      tomas: 'contributor',
      mei: 'viewer',
    });
    const permissions = async (username: string) => (await api(t.app, 'GET', '/projects/sample', { token: await tokenOf(username) })).json().permissions;
    expect(await permissions('ada')).toContain('manageMembers');
    expect(await permissions('grace')).toContain('edit');
    expect(await permissions('grace')).not.toContain('delete');
    expect(await permissions('tomas')).not.toContain('edit');
  });

  it('hides the members-only project from visitors and others, and shows it to its owner', async () => {
    const q = `?q=${encodeURIComponent(membersOnly.title)}`;
    expect(titles(await api(t.app, 'GET', `/projects${q}`))).toEqual([]);
    expect(titles(await api(t.app, 'GET', `/projects${q}`, { token: await tokenOf('mei') }))).toEqual([]);
    expect(titles(await api(t.app, 'GET', `/projects${q}`, { token: await tokenOf(membersOnly.owner) }))).toEqual([membersOnly.title]);
  });

  it('lists ada’s projects under mine', async () => {
    const mine = titles(await api(t.app, 'GET', '/projects?mine=true', { token: await tokenOf('ada') }));
    const owned = ['Sample project: Alpine treeline monitoring', ...DEMO_PROJECTS.filter((p) => p.owner === 'ada').map((p) => p.title)];
    expect(owned.length).toBeGreaterThanOrEqual(3);
    expect(mine).toEqual(expect.arrayContaining(owned));
    expect(mine).not.toContain(DEMO_PROJECTS.find((p) => p.title.startsWith('Community standards'))!.title);
  });

  it('gives every project documentation, contributors, institutions and news', async () => {
    const admin = await tokenOf('admin');
    for (const { slug } of (await api(t.app, 'GET', '/projects', { token: admin })).json().projects) {
      const detail = (await api(t.app, 'GET', `/projects/${slug}`, { token: admin })).json();
      expect(detail.doc?.content?.length, slug).toBeGreaterThan(0);
      expect(detail.contributors.length, slug).toBeGreaterThan(0);
      expect(detail.institutions.length, slug).toBeGreaterThan(0);
      expect(detail.updates.length, slug).toBeGreaterThan(0);
      expect(detail.project.team, slug).not.toBeNull();
    }
  });

  it('are added once: another start changes nothing', async () => {
    const counts = () =>
      t.database.use(async (d) => {
        const tables = [
          'projects',
          'project_contributors',
          'project_institutions',
          'project_updates',
          'project_files',
          'file_versions',
          'assets',
          'document_revisions',
          'role_assignments',
          'audit_log',
        ];
        const counts: Record<string, number> = {};
        for (const name of tables) counts[name] = rowsOf<{ n: number }>(await d.execute(sql.raw(`select count(*)::int as n from ${name}`)))[0]!.n;
        return counts;
      });
    const before = await counts();
    expect(before.projects).toBe(12);
    await prepareData(t.app);
    expect(await counts()).toEqual(before);
  });
});

describe('the demo objects', () => {
  const tokenOf = async (username: string) => tokenFor(t.app, (await t.app.services.users.findByLogin(username))!.id);
  const query = <T>(text: string) => t.database.use(async (d) => rowsOf<T>(await d.execute(sql.raw(text))));
  type Row = { name: string; level: string; types: string[]; parent_types: string[] | null; metadata: Record<string, unknown> };
  // The planned objects only: the river project's sites come with its measured data (below).
  const plannedNames = () =>
    planDemoObjects(seededAt)
      .map((o) => `'${o.name}'`)
      .join(', ');
  const objects = () =>
    query<Row>(`
      select o.name, o.metadata,
        (select array_agg(t.slug order by t.position) from object_type_links l join object_types t on t.id = l.type_id where l.object_id = o.id) as types,
        (select array_agg(t.slug) from object_type_links l join object_types t on t.id = l.type_id where l.object_id = o.parent_id) as parent_types,
        '' as level
      from objects o where o.name in (${plannedNames()})`);

  it('are about three hundred properties, sites and plots of all four types, as planned', async () => {
    const rows = await objects();
    const planned = planDemoObjects(seededAt);
    expect(rows.length).toBe(planned.length);
    expect(rows.length).toBeGreaterThanOrEqual(280);
    expect(rows.length).toBeLessThanOrEqual(330);
    expect(new Set(rows.flatMap((r) => r.types))).toEqual(new Set(['property', 'site', 'vegetation-plot', 'soil-plot']));
    expect(rows.filter((r) => r.types.includes('property'))).toHaveLength(DEMO_PROPERTIES.length);
    expect(new Set(rows.map((r) => r.name))).toEqual(new Set(planned.map((o) => o.name)));
  });

  it('nest plots in sites and sites in properties', async () => {
    for (const row of await objects()) {
      if (row.types.includes('property')) expect(row.parent_types, row.name).toBeNull();
      else if (row.types.includes('site')) expect(row.parent_types, row.name).toEqual(['property']);
      else expect(row.parent_types, row.name).toEqual(['site']);
    }
  });

  it('have metadata that fits their types’ schemas, varied from object to object', async () => {
    const index = (await api(t.app, 'GET', '/data/objtypes')).json().objtypes as Record<string, ObjectType>;
    const types = Object.values(index).map((ty) => ({ slug: ty.slug, name: ty.name, schemas: schemasOf(ty) }));
    const validator = createMetadataValidator();
    const rows = await objects();
    for (const row of rows) {
      expect(Object.keys(row.metadata).length, row.name).toBeGreaterThan(0);
      expect(
        () =>
          validator.check(
            row.metadata,
            types.filter((ty) => row.types.includes(ty.slug)),
          ),
        row.name,
      ).not.toThrow();
    }
    const sites = rows.filter((r) => r.types.includes('site'));
    expect(new Set(sites.map((r) => r.metadata.habitat)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(sites.map((r) => r.metadata.elevation)).size).toBeGreaterThan(sites.length * 0.9);
  });

  it('lie at their landscapes: valid boundaries, sites inside them, plots near their sites', async () => {
    const [bounds] = await query<{ valid: boolean; min_lon: number; max_lon: number; min_lat: number; max_lat: number }>(
      `select bool_and(ST_IsValid(geo)) as valid, min(ST_XMin(geo)) as min_lon, max(ST_XMax(geo)) as max_lon, min(ST_YMin(geo)) as min_lat, max(ST_YMax(geo)) as max_lat from objects where name in (${plannedNames()})`,
    );
    expect(bounds).toMatchObject({ valid: true });
    expect(bounds!.min_lon).toBeGreaterThan(-160); // Alaska
    expect(bounds!.max_lon).toBeLessThan(30); // Finland
    expect(bounds!.min_lat).toBeGreaterThan(35);
    expect(bounds!.max_lat).toBeLessThan(71);
    const misplaced = await query<{ name: string }>(`
      select c.name from objects c join objects p on p.id = c.parent_id
      where (GeometryType(p.geo) = 'POLYGON' and not ST_Contains(p.geo, c.geo))
         or (GeometryType(p.geo) = 'POINT' and not ST_DWithin(p.geo::geography, c.geo::geography, 500))`);
    expect(misplaced).toEqual([]);
    const properties = await query<{ name: string; type: string; stated: number; measured: number }>(
      `select name, GeometryType(geo) as type, (metadata->>'area')::float8 as stated, ST_Area(geo::geography) / 10000 as measured from objects where parent_id is null and name in (${plannedNames()})`,
    );
    for (const p of properties) {
      expect(p.type, p.name).toBe('POLYGON');
      expect(Math.abs(p.stated - p.measured) / p.measured, p.name).toBeLessThan(0.02); // the area in the metadata is the boundary's
    }
  });

  it('have people and institutions in order, and some documentation with its revision', async () => {
    const davos = (await api(t.app, 'GET', '/data/obj/davos-treeline')).json().obj;
    expect(davos.people.map((l: { person: { slug: string }; position: number }) => [l.person.slug, l.position])).toEqual([
      ['ada', 0],
      ['farah-haddad', 1],
      ['oskar-nystrom', 2],
    ]);
    expect(davos.institutions.map((l: { institution: { slug: string }; role: string }) => [l.institution.slug, l.role])).toEqual([
      ['wsl', 'Operator'],
      ['davos-station', 'Field station'],
    ]);
    expect((await api(t.app, 'GET', '/data/obj/davos-treeline')).json().doc.content.length).toBeGreaterThan(0);
    const revisions = await api(t.app, 'GET', '/data/obj/davos-treeline/revisions', { token: await tokenOf('ada') });
    expect(revisions.json().revisions).toHaveLength(1);
    const [documented] = await query<{ n: number }>(`select count(*)::int as n from objects where doc is not null`);
    expect(documented!.n).toBeGreaterThanOrEqual(3);
  });

  it('have notes by demo people over the past two years, several per property and some per site', async () => {
    const perObject = await query<{ level: string; n: number; oldest: string; newest: string }>(`
      select case when o.parent_id is null then 'property' else 'site' end as level, count(*)::int as n, min(n.timestamp)::text as oldest, max(n.timestamp)::text as newest
      from notes n join objects o on o.id = n.object_id group by o.id, o.parent_id`);
    const twoYearsAgo = Date.now() - 731 * 86_400_000;
    expect(perObject.filter((r) => r.level === 'property')).toHaveLength(DEMO_PROPERTIES.length);
    expect(perObject.filter((r) => r.level === 'property').every((r) => r.n >= 3)).toBe(true);
    expect(perObject.filter((r) => r.level === 'site').length).toBeGreaterThan(50);
    for (const r of perObject) {
      expect(new Date(r.oldest).getTime()).toBeGreaterThan(twoYearsAgo);
      expect(new Date(r.newest).getTime()).toBeLessThanOrEqual(Date.now());
    }
    const notes = (await api(t.app, 'GET', '/data/obj/davos-treeline/notes')).json().notes as { author: { slug: string } | null; timestamp: string }[];
    expect(notes.length).toBeGreaterThanOrEqual(3);
    expect(notes.every((n) => n.author !== null)).toBe(true);
    expect(notes.map((n) => n.timestamp)).toEqual(
      notes
        .map((n) => n.timestamp)
        .sort()
        .reverse(),
    );
  });

  it('have generated photos with the time and place of their EXIF, served without it', async () => {
    const [counts] = await query<{ photos: number; objects: number; near: number }>(`
      select count(*)::int as photos, count(distinct p.object_id)::int as objects,
        count(*) filter (where ST_DWithin(p.geo::geography, o.geo::geography, 1000))::int as near
      from photos p join objects o on o.id = p.object_id where p.taken_at > now() - interval '731 days'`);
    expect(counts!.photos).toBeGreaterThanOrEqual(20);
    expect(counts!.photos).toBeLessThanOrEqual(30);
    expect(counts!.near).toBe(counts!.photos); // every photo has an EXIF position at its object
    // Where it was taken, for those who may edit the object (an administrator); not for a visitor.
    const [photo] = (await api(t.app, 'GET', '/data/obj/davos-treeline/photos', { token: await tokenOf('admin') })).json().photos;
    expect(photo).toMatchObject({ caption: 'Davos treeline valleys: overview', author: { slug: 'ada' }, geo: { type: 'Point' } });
    expect((await api(t.app, 'GET', '/data/obj/davos-treeline/photos')).json().photos[0]).toMatchObject({ id: photo.id, geo: null });
    for (const url of [photo.image.thumbUrl, photo.image.url, photo.image.largeUrl]) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
      expect(await exifr.gps(served.rawPayload).catch(() => undefined)).toBeUndefined();
    }
  });

  it('have photos the photo search finds by a word of their caption, by the day they were taken and by a box around their site', async () => {
    type Found = {
      source: string;
      caption: string | null;
      takenAt: string | null;
      geo: { coordinates: number[] } | null;
      place: { coordinates: number[] } | null;
      object: { name: string; title: string } | null;
    };
    const found = async (query: string) => {
      const res = await api(t.app, 'GET', `/photos?${query}&n=100`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().photos as Found[];
    };
    const today = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
    // What a visitor may see: the photos of public objects.
    const planned = planDemoObjects(today).filter((o) => o.photo && o.visibility === 'public');
    const day = (daysAgo: number, shift = 0) => new Date(today.getTime() - (daysAgo - shift) * 86_400_000).toISOString().slice(0, 10);

    // "overview" is in the captions of the properties' photos, in no object's name or title.
    const overviews = await found('q=Overview');
    expect(overviews.length).toBe(planned.filter((o) => o.level === 'property').length);
    expect(overviews.length).toBeGreaterThan(5);
    for (const p of overviews) {
      expect(p.caption).toMatch(/: overview$/);
      expect(`${p.object!.name} ${p.object!.title}`.toLowerCase()).not.toContain('overview');
    }
    // The day a photo was taken (its EXIF time), a day either side for the server's time zone.
    const site = planned.find((o) => o.level === 'site')!;
    const onDay = await found(`from=${day(site.photo!.daysAgo, -1)}&to=${day(site.photo!.daysAgo, 1)}`);
    expect(onDay.map((p) => p.object!.name)).toContain(site.name);
    for (const p of onDay) expect(p.takenAt! >= day(site.photo!.daysAgo, -1) && p.takenAt! < day(site.photo!.daysAgo, 2)).toBe(true);
    // A box of about a kilometre around the site: its photo, found by its object's geometry and
    // placed on it; where it was taken is not a visitor's to know.
    const [lon, lat] = site.photo!.at;
    const inBox = await found(`bbox=${[lon - 0.01, lat - 0.01, lon + 0.01, lat + 0.01].join(',')}`);
    expect(inBox.map((p) => p.object!.name)).toContain(site.name);
    for (const p of inBox) expect([p.geo, p.place?.coordinates.length]).toEqual([null, 2]);
    expect(inBox.length).toBeLessThan(planned.length);
  });

  it('show the sample project’s landscapes under its data', async () => {
    const res = await api(t.app, 'GET', '/data/obj?project=sample&type=property');
    expect(
      res
        .json()
        .objects.map((o: { name: string }) => o.name)
        .sort(),
    ).toEqual(['davos-treeline', 'niwot-ridge']);
    const sites = await api(t.app, 'GET', '/data/obj?parent=davos-treeline');
    expect(sites.json().objects.map((o: { title: string }) => o.title)).toContain('Dischma transect D1 (north-facing)');
  });

  it('keep the members-only lakes to the project’s members and the snow study area to signed-in users', async () => {
    const names = async (q: string, token?: string) =>
      (await api(t.app, 'GET', `/data/obj?q=${encodeURIComponent(q)}&limit=100`, token ? { token } : {})).json().objects.map((o: { name: string }) => o.name);
    expect(await names('kil-')).toEqual([]);
    expect(await names('kil-', await tokenOf('mei'))).toEqual([]);
    expect((await names('kil-', await tokenOf('ada'))).length).toBeGreaterThan(4);
    expect(await names('wfj-')).toEqual([]);
    expect((await names('wfj-', await tokenOf('tomas'))).length).toBeGreaterThan(4);
  });

  it('are planned the same way every time', () => {
    const day = new Date('2026-06-01T00:00:00Z');
    expect(planDemoObjects(day)).toEqual(planDemoObjects(new Date(day)));
  });

  it('are added once: another start changes nothing', async () => {
    const tables = ['objects', 'object_type_links', 'object_projects', 'object_people', 'object_institutions', 'notes', 'photos', 'assets', 'audit_log'];
    const counts = async () =>
      Object.fromEntries(await Promise.all(tables.map(async (name) => [name, (await query<{ n: number }>(`select count(*)::int as n from ${name}`))[0]!.n])));
    const before = await counts();
    await prepareData(t.app);
    expect(await counts()).toEqual(before);
  });
});

describe('the demo data schema', () => {
  it('has about twenty metrics with UCUM units, each measured on a built-in type', async () => {
    const metrics = (await api(t.app, 'GET', '/data/metrics')).json().metrics as { name: string; unit: string | null }[];
    expect(metrics.map((m) => m.name)).toEqual(expect.arrayContaining(DEMO_METRICS.map((m) => m.name)));
    expect(metrics.length).toBeGreaterThanOrEqual(20);
    const codes = ((await api(t.app, 'GET', '/data/units')).json().units as { code: string }[]).map((u) => u.code);
    const units = new Set(codes);
    expect(units.size, 'each unit once').toBe(codes.length);
    for (const m of metrics) if (m.unit) expect(units, `the unit of ${m.name} is in the list`).toContain(m.unit);
    const types = Object.values((await api(t.app, 'GET', '/data/objtypes')).json().objtypes as Record<string, ObjectType>);
    expect(types).toHaveLength(4);
    for (const type of types) expect(Object.keys(type.metrics), type.slug).toEqual(DEMO_TYPE_METRICS[type.slug]);
    expect(new Set(Object.values(DEMO_TYPE_METRICS).flat())).toEqual(new Set(DEMO_METRICS.map((m) => m.name)));
  });

  it('has a node tree of themes and variables whose metadata names a metric', async () => {
    const roots = (await api(t.app, 'GET', '/data/node')).json().children as { path: string }[];
    expect(roots.map((r) => r.path)).toEqual(['soil', 'climate', 'vegetation']);
    const carbon = (await api(t.app, 'GET', '/data/node/soil/chemistry/carbon')).json();
    expect(carbon.ancestors.map((a: { title: string }) => a.title)).toEqual(['Soil', 'Soil chemistry']);
    expect(carbon.schema.slug).toBe('variable-basics');
    const names = new Set(DEMO_METRICS.map((m) => m.name));
    for (const node of DEMO_NODES) if (node.type === 'variable') expect(names).toContain((node.metadata as { metric: string }).metric);
  });

  it('is added once: another start changes nothing', async () => {
    const tables = ['metrics', 'units', 'object_type_metrics', 'metadata_schemas', 'node_types', 'nodes'];
    const count = async (name: string) =>
      t.database.use(async (d) => rowsOf<{ n: number }>(await d.execute(sql.raw(`select count(*)::int as n from ${name}`)))[0]!.n);
    const counts = async () => Object.fromEntries(await Promise.all(tables.map(async (name) => [name, await count(name)])));
    const before = await counts();
    expect(before.nodes).toBe(DEMO_NODES.length);
    await prepareData(t.app);
    expect(await counts()).toEqual(before);
  });
});

describe('the demo measured data', () => {
  it('is the real river chlorophyll series at its fifteen sites, in the river project’s data table', async () => {
    const projects = (await api(t.app, 'GET', `/projects?q=${encodeURIComponent('river chlorophyll')}`)).json().projects as { slug: string; title: string }[];
    const river = projects.find((p) => p.title === RIVER_PROJECT)!;
    const detail = (await api(t.app, 'GET', `/projects/${river.slug}`)).json();
    expect(detail.datatables).toHaveLength(1);
    const [table] = detail.datatables as { id: string; metrics: string[] }[];
    expect(table!.metrics).toEqual([RIVER_METRIC]);
    const url = `/projects/${river.slug}/datatables/${table!.id}/observations`;
    const all = await api(t.app, 'GET', `${url}?limit=1`);
    expect(all.headers['pagination-count']).toBe('53443');
    // The first line of the series: DWR-GLE on 2013-02-26.
    const first = (await api(t.app, 'GET', `${url}?object=dwr-gle&limit=1`)).json().observations[0];
    expect(first).toMatchObject({ object: { name: 'dwr-gle', title: 'Grant Line Canal East' }, time: '2013-02-26T00:00:00.000Z', value: 4.195833333333333 });
    const portland = (await api(t.app, 'GET', '/data/obj/usgs-14211720')).json().obj;
    expect(portland).toMatchObject({ title: 'Willamette River at Portland, OR', geo: { type: 'Point', coordinates: [-122.6691667, 45.5175] } });
    expect(stationTitle('CLACKAMAS RIVER NEAR OREGON CITY, OR')).toBe('Clackamas River near Oregon City, OR');
  });

  it('is added once: another start changes nothing', async () => {
    const count = () => t.database.use(async (d) => rowsOf<{ n: number }>(await d.execute(sql.raw('select count(*)::int as n from observations')))[0]!.n);
    const before = await count();
    expect(before).toBe(53443);
    await prepareData(t.app);
    expect(await count()).toBe(before);
  });
});

describe('the demo insights', () => {
  const tokenOf = async (username: string) => tokenFor(t.app, (await t.app.services.users.findByLogin(username))!.id);
  const query = <T>(text: string) => t.database.use(async (d) => rowsOf<T>(await d.execute(sql.raw(text))));
  let plan: PlannedInsight[];
  beforeAll(() => {
    plan = planDemoInsights(seededAt);
  });
  const visibility = (i: PlannedInsight) => i.visibility ?? 'public';
  /** A team's members, as demo.ts makes them: each account owns one team and edits the next. */
  const membersOf = (slug: string) =>
    DEMO_PEOPLE.filter((_, n) => [n, n + 1].some((k) => DEMO_TEAMS[k % DEMO_TEAMS.length]!.slug === slug)).map((p) => p.username);
  const seenBy = (username: string | null) =>
    plan.filter((i) => {
      if (visibility(i) === 'public') return true;
      if (!username) return false;
      if (visibility(i) === 'signed-in') return true;
      return i.team ? membersOf(i.team).includes(username) : i.author === username;
    });
  /** Every insight the reader finds, by title: all pages. */
  async function titlesFor(token?: string): Promise<string[]> {
    const titles: string[] = [];
    for (let page = 1; ; page++) {
      const res = await api(t.app, 'GET', `/insights?p=${page}`, token ? { token } : {});
      expect(res.statusCode, res.body).toBe(200);
      const results = res.json().results as { title: string }[];
      titles.push(...results.map((r) => r.title));
      if (titles.length >= Number(res.headers['pagination-count']) || !results.length) return titles;
    }
  }

  it('are sixty by the demo writers, ten for a team’s members, three for their author alone, five for signed-in users', async () => {
    expect(plan).toHaveLength(60);
    expect(plan.filter((i) => visibility(i) === 'members' && i.team)).toHaveLength(10);
    expect(plan.filter((i) => visibility(i) === 'members' && !i.team)).toHaveLength(3);
    expect(plan.filter((i) => visibility(i) === 'signed-in')).toHaveLength(5);
    const rows = await query<{ title: string; author: string; team: string | null; visibility: string; tags: string[] }>(`
      select i.title, p.slug as author, t.slug as team, i.visibility, i.tags from insights i join people p on p.id = i.author_id left join teams t on t.id = i.team_id`);
    expect(rows.map((r) => [r.title, r.author, r.team, r.visibility, r.tags]).sort()).toEqual(
      plan.map((i) => [i.title, i.author, i.team ?? null, visibility(i), i.tags]).sort(),
    );
    expect(new Set(rows.map((r) => r.author))).toEqual(new Set(['ada', 'grace', 'mei']));
    for (const r of rows) for (const tag of r.tags) expect(DEMO_INSIGHT_TAGS, r.title).toContain(tag);
    // A writer is a member of the team they write for.
    for (const i of plan) if (i.team) expect(membersOf(i.team), i.title).toContain(i.author);
  });

  it('link each to one to three demo objects that exist, in order', async () => {
    const names = [...new Set(plan.flatMap((i) => i.objects))];
    const found = await query<{ name: string }>(`select name from objects where name in (${names.map((n) => `'${n}'`).join(', ')})`);
    expect(found.map((r) => r.name).sort()).toEqual(names.sort());
    const links = await query<{ title: string; names: string[] }>(`
      select i.title, array_agg(o.name order by io.position) as names from insights i join insight_objects io on io.insight_id = i.id join objects o on o.id = io.object_id group by i.id, i.title`);
    expect(links).toHaveLength(plan.length);
    const linked = new Map(links.map((l) => [l.title, l.names]));
    for (const i of plan) {
      expect(i.objects.length, i.title).toBeGreaterThanOrEqual(1);
      expect(i.objects.length, i.title).toBeLessThanOrEqual(3);
      expect(linked.get(i.title), i.title).toEqual(i.objects);
    }
  });

  it('have about a hundred and fifty comments by other demo accounts, dated after their insight within the past two years', async () => {
    const rows = await query<{ title: string; created: string; n: number; authors: string[] | null; first: string | null; last: string | null }>(`
      select i.title, i.created_at::text as created, count(c.id)::int as n, array_agg(distinct p.slug) filter (where p.slug is not null) as authors,
        min(c.timestamp)::text as first, max(c.timestamp)::text as last
      from insights i left join insight_comments c on c.insight_id = i.id left join people p on p.id = c.author_id group by i.id`);
    const total = rows.reduce((n, r) => n + r.n, 0);
    expect(total).toBe(plan.reduce((n, i) => n + i.comments.length, 0));
    expect(total).toBeGreaterThanOrEqual(140);
    expect(total).toBeLessThanOrEqual(170);
    const twoYearsAgo = Date.now() - 732 * 86_400_000;
    for (const r of rows) {
      expect(r.n, r.title).toBeLessThanOrEqual(8);
      expect(new Date(r.created).getTime(), r.title).toBeGreaterThan(twoYearsAgo);
      expect(new Date(r.created).getTime(), r.title).toBeLessThan(Date.now());
      if (r.first) expect(new Date(r.first).getTime(), r.title).toBeGreaterThan(new Date(r.created).getTime());
      if (r.last) expect(new Date(r.last).getTime(), r.title).toBeLessThan(Date.now());
    }
    const authors = new Set(rows.flatMap((r) => r.authors ?? []));
    expect(authors).toEqual(new Set(['ada', 'grace', 'mei', 'tomas']));
    // Written as the comments service writes them, without mailing the demo authors.
    const [audited] = await query<{ n: number }>(`select count(*)::int as n from audit_log where action = 'comment.create'`);
    expect(audited!.n).toBe(total);
    expect(await query(`select 1 from outbox where subject like '%commented on%'`)).toEqual([]);
  });

  it('hide members-only insights from a visitor and from people outside the team, and signed-in ones from a visitor', async () => {
    const visitor = await api(t.app, 'GET', '/insights');
    expect(visitor.headers['pagination-count']).toBe(String(seenBy(null).length));
    expect((await titlesFor()).sort()).toEqual(
      seenBy(null)
        .map((i) => i.title)
        .sort(),
    );
    expect((await api(t.app, 'GET', '/insights?v=members')).headers['pagination-count']).toBe('0');
    const hidden = plan.find((i) => visibility(i) === 'members' && i.team === 'field-team')!;
    expect((await api(t.app, 'GET', `/insights?q=${encodeURIComponent(`"${hidden.title}"`)}`)).json().results).toEqual([]);
    const [row] = await query<{ num: number }>(`select num from insights where title = '${hidden.title.replace(/'/g, "''")}'`);
    expect((await api(t.app, 'GET', `/insights/${row!.num}`)).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `/insights/${row!.num}/comments`)).statusCode).toBe(404);
    for (const username of ['ada', 'grace', 'tomas', 'mei']) {
      expect((await titlesFor(await tokenOf(username))).sort(), username).toEqual(
        seenBy(username)
          .map((i) => i.title)
          .sort(),
      );
    }
    expect(membersOf('field-team')).not.toContain('grace');
    expect((await api(t.app, 'GET', `/insights/${row!.num}`, { token: await tokenOf('grace') })).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `/insights/${row!.num}`, { token: await tokenOf('mei') })).statusCode).toBe(200);
  });

  it('are found in full text, with their revisions and comments dated as planned', async () => {
    const found = (await api(t.app, 'GET', '/insights?q=boulder')).json().results as { title: string; snippet: string; highlights: [number, number][] }[];
    expect(found.map((f) => f.title)).toEqual(
      expect.arrayContaining(['Larch seedlings cluster in the lee of boulders on transect D2', 'Lichens on the Kärkevagge boulders as a clock']),
    );
    for (const f of found) expect(f.highlights.length, f.title).toBeGreaterThan(0);
    expect((await api(t.app, 'GET', '/insights?tag=permafrost')).json().results.length).toBe(
      plan.filter((i) => i.tags.includes('permafrost') && visibility(i) === 'public').length,
    );
    const updated = plan.find((i) => i.update)!;
    const [row] = await query<{ num: number }>(`select num from insights where title = '${updated.title.replace(/'/g, "''")}'`);
    const detail = (await api(t.app, 'GET', `/insights/${row!.num}`)).json();
    expect(detail.insight).toMatchObject({
      createdAt: updated.createdAt.toISOString(),
      updatedAt: updated.updatedAt.toISOString(),
      comments: updated.comments.length,
    });
    const revisions = (await api(t.app, 'GET', `/insights/${row!.num}/revisions`, { token: await tokenOf(updated.author) })).json().revisions as {
      createdAt: string;
    }[];
    expect(revisions.map((r) => r.createdAt)).toEqual([updated.updatedAt.toISOString(), updated.createdAt.toISOString()]);
    const comments = (await api(t.app, 'GET', `/insights/${row!.num}/comments`)).json().comments as {
      content: string;
      timestamp: string;
      author: { slug: string };
    }[];
    expect(comments.map((c) => [c.author.slug, c.content, c.timestamp])).toEqual(updated.plannedComments.map((c) => [c.author, c.content, c.at.toISOString()]));
  });

  it('are added once: another start changes nothing', async () => {
    const tables = ['insights', 'insight_objects', 'insight_comments', 'document_revisions', 'audit_log', 'outbox'];
    const counts = async () =>
      Object.fromEntries(await Promise.all(tables.map(async (name) => [name, (await query<{ n: number }>(`select count(*)::int as n from ${name}`))[0]!.n])));
    const before = await counts();
    expect(before.insights).toBe(plan.length);
    await prepareData(t.app);
    expect(await counts()).toEqual(before);
  });
});

describe('the demo publications', () => {
  const tokenOf = async (username: string) => tokenFor(t.app, (await t.app.services.users.findByLogin(username))!.id);
  const ids = (res: { json: () => { publications: { id: string }[] } }) => res.json().publications.map((p) => p.id);

  it('are the 42 real references and the demo projects’ own, about eighty in all, on the projects that cite them', async () => {
    const all = await api(t.app, 'GET', '/pubs');
    expect(Number(all.headers['pagination-count'])).toBe(42 + DEMO_PUBLICATIONS.length);
    expect(42 + DEMO_PUBLICATIONS.length).toBe(80);
    const standards = await api(t.app, 'GET', '/pubs?project=community-standards-for-ecological-forecast-output');
    expect(Number(standards.headers['pagination-count'])).toBe(
      42 + DEMO_PUBLICATIONS.filter((p) => p.projects.includes('community-standards-for-ecological-forecast-output')).length,
    );
    const dietze = (await api(t.app, 'GET', '/pubs?q=iterative near-term').then((r) => r.json().publications)).find(
      (p: { doi: string }) => p.doi === '10.1073/pnas.1710231115',
    );
    expect(dietze.projects.map((p: { slug: string }) => p.slug).sort()).toEqual(
      [
        'community-standards-for-ecological-forecast-output',
        'forecasting-summer-school-state-space-models',
        'near-term-forecasts-of-river-chlorophyll-a',
        'spring-green-up-forecasts-at-harvard-forest-and-bartlett',
      ].sort(),
    );
    const river = (await api(t.app, 'GET', '/projects/near-term-forecasts-of-river-chlorophyll-a')).json().publications;
    expect(river.length).toBe(4 + DEMO_PUBLICATIONS.filter((p) => p.projects.includes('near-term-forecasts-of-river-chlorophyll-a')).length);
  });

  it('list the confirmed ones on the people’s pages, and leave this year’s links waiting on /me', async () => {
    const ada = (await api(t.app, 'GET', '/people/ada')).json().publications as {
      title: string;
      authors: { person: { slug: string } | null; confirmed: boolean }[];
    }[];
    expect(ada.length).toBeGreaterThan(5);
    for (const p of ada)
      expect(
        p.authors.some((a) => a.person?.slug === 'ada' && a.confirmed),
        p.title,
      ).toBe(true);
    const waiting = await api(t.app, 'GET', '/pubs/suggestions', { token: await tokenOf('tomas') });
    expect(waiting.json().publications.map((p: { title: string }) => p.title)).toContain('State-space models for ecologists: summer school lecture notes');
    expect(ids(await api(t.app, 'GET', '/people/tomas'))).not.toContain(waiting.json().publications[0].id);
    const lund = (await api(t.app, 'GET', '/institutions/university-of-lund')).json().publications;
    expect(lund.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(ada.map((p) => (p as unknown as { id: string }).id)));
  });

  it('are added once: another start changes nothing', async () => {
    const counts = async () =>
      (
        await t.database.use(async (d) =>
          rowsOf<{ n: number }>(
            await d.execute(
              sql.raw(
                'select (select count(*) from publications) + (select count(*) from project_publications) + (select count(*) from publication_authors) as n',
              ),
            ),
          ),
        )
      )[0]!.n;
    const before = await counts();
    await prepareData(t.app);
    expect(await counts()).toBe(before);
  });
});
