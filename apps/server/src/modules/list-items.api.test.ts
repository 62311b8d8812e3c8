import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeoObjectsResponseSchema, ProjectsResponseSchema } from '@observatory/shared';
import { buildInstitution, buildObject, buildProject, buildTeam, buildUser, type TestUser } from '../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../test/harness.js';

/**
 * The object and project lists are written as JSON by the database (lib/sql-json.ts) and
 * sent without passing the response schema's serializer. Each list item must therefore
 * say exactly what the detail of the same thing says to the same reader, in the schema's
 * shape, for every kind of value: geometry of each kind, types in order, projects the
 * reader may or may not see, a parent, a team, institutions in order, empty lists and nulls.
 */

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  stranger = await buildUser(t.app);
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
});
afterAll(() => t.close());

const token = (who: TestUser | null) => (who ? { token: who.token } : {});
const pick = <T extends object>(from: T, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => k in from).map((k) => [k, (from as Record<string, unknown>)[k]]));

describe('GET data/obj: list items', () => {
  const LISTED = ['id', 'name', 'title', 'types', 'projects', 'parent', 'visibility', 'version', 'update'];
  let marker: string;

  beforeAll(async () => {
    marker = unique('Listed');
    const open = await buildProject(t.app, owner, { title: `${marker} open` });
    const closed = await buildProject(t.app, owner, { title: `${marker} closed`, visibility: 'members' });
    const parent = await buildObject(t.app, owner, {
      title: `${marker} 1 parent`,
      types: ['property', 'site'],
      projects: [open.slug, closed.slug],
      geo: {
        type: 'Polygon',
        coordinates: [
          [
            [7, 46],
            [7.1, 46],
            [7.1, 46.1],
            [7, 46],
          ],
        ],
      },
    });
    await buildObject(t.app, owner, {
      title: `${marker} 2 child`,
      projects: [open.slug],
      parent: parent.id,
      geo: { type: 'Point', coordinates: [7.05, 46.02] },
      metadata: { elevation: 1500 },
    });
    await buildObject(t.app, owner, {
      title: `${marker} 3 collection`,
      projects: [open.slug],
      geo: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { plot: 1 }, geometry: { type: 'Point', coordinates: [8, 47] } },
          {
            type: 'Feature',
            properties: null,
            geometry: {
              type: 'LineString',
              coordinates: [
                [8, 47],
                [8.1, 47.1],
              ],
            },
          },
        ],
      },
    });
    await buildObject(t.app, owner, { title: `${marker} 4 nowhere`, types: ['soil-plot'], projects: [closed.slug] });
  });

  for (const [who, geo] of [
    ['visitor', false],
    ['visitor', true],
    ['owner', false],
    ['owner', true],
    ['stranger', true],
  ] as const) {
    it(`says what the detail says, to the ${who}${geo ? ', with geometry' : ''}`, async () => {
      const reader = who === 'owner' ? owner : who === 'stranger' ? stranger : null;
      const res = await api(t.app, 'GET', `/data/obj?q=${marker}${geo ? '&geo=true' : ''}`, token(reader));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json();
      expect(GeoObjectsResponseSchema.parse(body)).toEqual(body);
      expect(body.objects.map((o: { title: string }) => o.title)).toEqual([1, 2, 3, 4].map((n) => expect.stringContaining(`${marker} ${n}`)));
      for (const item of body.objects) {
        const detail = (await api(t.app, 'GET', `/data/obj/${item.name}`, token(reader))).json().obj;
        expect(item).toStrictEqual(pick(detail, geo ? [...LISTED, 'geo'] : LISTED));
      }
      // The hidden project is left out of the list as out of the detail.
      expect(body.objects[0].projects).toHaveLength(reader === owner ? 2 : 1);
      expect(body.objects[3]).toMatchObject({
        types: [{ slug: 'soil-plot' }],
        projects: reader === owner ? [expect.anything()] : [],
        parent: null,
        ...(geo ? { geo: null } : {}),
      });
    });
  }
});

describe('GET projects: list items', () => {
  const LISTED = ['id', 'slug', 'title', 'summary', 'status', 'visibility', 'startDate', 'endDate', 'archived', 'team', 'version', 'createdAt', 'updatedAt'];

  it('say what the detail says, with the institutions in order', async () => {
    const marker = unique('Listed');
    const team = await buildTeam(t.app, admin);
    const [first, second] = [await buildInstitution(t.app, admin), await buildInstitution(t.app, admin)];
    const full = await buildProject(t.app, owner, {
      title: `${marker} 1`,
      summary: 'Treeline plots',
      status: 'planned',
      startDate: '2024-05-01',
      endDate: '2026-09-30',
      teamId: team.id,
    });
    for (const institution of [second, first]) {
      const res = await api(t.app, 'PUT', `/projects/${full.id}/institutions/${randomUUID()}`, {
        token: owner.token,
        body: { institutionId: institution.slug },
      });
      expect(res.statusCode).toBe(200);
    }
    await buildProject(t.app, owner, { title: `${marker} 2` });
    await buildProject(t.app, owner, { title: `${marker} 3 members`, visibility: 'members' });

    for (const reader of [null, owner]) {
      const res = await api(t.app, 'GET', `/projects?q=${marker}&sort=title`, token(reader));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(ProjectsResponseSchema.parse(body)).toEqual(body);
      expect(body.projects).toHaveLength(reader ? 3 : 2);
      for (const item of body.projects) {
        const detail = (await api(t.app, 'GET', `/projects/${item.slug}`, token(reader))).json();
        expect(item).toStrictEqual({
          ...pick(detail.project, LISTED),
          institutions: detail.institutions.map((l: { institution: { id: string; slug: string; name: string } }) =>
            pick(l.institution, ['id', 'slug', 'name']),
          ),
        });
      }
      expect(body.projects[0]).toMatchObject({ team: { id: team.id }, institutions: [{ id: second.id }, { id: first.id }] });
      expect(body.projects[1]).toMatchObject({ team: null, summary: null, startDate: null, institutions: [] });
    }
  });

  it('come in the order asked for', async () => {
    const marker = unique('Ordered');
    const starts: Record<string, string | null> = { b: '2020-04-01', c: null, a: '2024-06-01' };
    for (const [title, startDate] of Object.entries(starts)) await buildProject(t.app, owner, { title: `${marker} ${title}`, startDate });
    const titles = async (sort: string) =>
      (await api(t.app, 'GET', `/projects?q=${marker}&sort=${sort}`)).json().projects.map((p: { title: string }) => p.title.slice(-1));
    expect(await titles('title')).toEqual(['a', 'b', 'c']);
    expect(await titles('updated')).toEqual(['a', 'c', 'b']);
    expect(await titles('start')).toEqual(['a', 'b', 'c']);
  });
});
