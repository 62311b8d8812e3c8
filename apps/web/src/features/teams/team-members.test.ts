import { describe, expect, it, vi } from 'vitest';
import type { TeamMember } from '@observatory/shared';
import { addMember, sortMembers } from './team-members';

const member = (id: string, name: string): TeamMember => ({ id, slug: id, name, username: id, role: { slug: 'contributor', name: 'Contributor' } });

describe('team members', () => {
  it('fails with "No team loaded" when no team is loaded', async () => {
    await expect(addMember(null, { id: 'p1' }, vi.fn())).rejects.toThrow('No team loaded');
  });
  it('answers false and makes no call for a member already present', async () => {
    const save = vi.fn();
    expect(await addMember({ team: { id: 't' }, members: [member('p1', 'Ada')] }, { id: 'p1' }, save)).toBe(false);
    expect(save).not.toHaveBeenCalled();
  });
  it('adds through the call and keeps members sorted by name', async () => {
    const save = vi.fn(async (_team: string, id: string) => member(id, 'Bruno'));
    const members = await addMember({ team: { id: 't' }, members: [member('p1', 'Carla'), member('p2', 'Ada')] }, { id: 'p3' }, save);
    expect(save).toHaveBeenCalledWith('t', 'p3');
    expect(members && members.map((m) => m.name)).toEqual(['Ada', 'Bruno', 'Carla']);
    // Accented names sort with their letter, not after Z.
    expect(sortMembers([member('y', 'Zoe'), member('x', 'Örjan'), member('z', 'Oskar')]).map((m) => m.name)).toEqual(['Örjan', 'Oskar', 'Zoe']);
  });
});
