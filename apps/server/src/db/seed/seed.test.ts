import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, uniqueIp, type TestApp } from '../../../test/harness';
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
