import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, uniqueIp, type TestApp } from '../../../test/harness';
import { rowsOf } from '../client';
import { DEMO_PROJECTS } from './demo-projects';
import { prepareData } from './index';

let t: TestApp;
beforeAll(async () => {
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
    for (const [username, password] of [['ada', 'demo-password-1'], ['admin', 'admin-password-1']]) {
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
  const tokenOf = async (username: string) => t.app.services.tokens.issue((await t.app.services.users.findByLogin(username))!.id);
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
    expect(sample.project).toMatchObject({ slug: 'sample', title: 'Sample project: Alpine treeline monitoring', visibility: 'public', status: 'active', team: { slug: 'field-team' } });
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
    expect([...nodes].sort()).toEqual(['blockquote', 'bulletList', 'codeBlock', 'doc', 'hardBreak', 'heading', 'horizontalRule', 'listItem', 'orderedList', 'paragraph', 'text']);
    expect([...marks].sort()).toEqual(['bold', 'code', 'italic', 'link', 'strike', 'subscript', 'superscript', 'underline']);
  });

  it('gives the demo accounts roles: ada owns, grace edits, tomas contributes', async () => {
    const members = (await api(t.app, 'GET', '/projects/sample/members')).json().members;
    expect(Object.fromEntries(members.map((m: { username: string; role: { slug: string } }) => [m.username, m.role.slug]))).toEqual({ ada: 'owner', grace: 'editor', tomas: 'contributor', mei: 'viewer' });
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
        const tables = ['projects', 'project_contributors', 'project_institutions', 'project_updates', 'project_files', 'file_versions', 'assets', 'document_revisions', 'role_assignments', 'audit_log'];
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
