import type { TeamMember } from '@observatory/shared';

export interface LoadedTeam {
  team: { id: string };
  members: TeamMember[];
}

/** Members stay sorted by name (spec: team store). */
export const sortMembers = (members: TeamMember[]) => [...members].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id));

/**
 * Adds a member through `save` (PUT teams/{id}/members/{member}). With no team loaded
 * it fails with "No team loaded"; a member already present answers false and makes no
 * call. Answers the members, sorted, with the saved one in.
 */
export async function addMember(
  loaded: LoadedTeam | null | undefined,
  person: { id: string },
  save: (teamId: string, personId: string) => Promise<TeamMember>,
): Promise<TeamMember[] | false> {
  if (!loaded) throw new Error('No team loaded');
  if (loaded.members.some((m) => m.id === person.id)) return false;
  const saved = await save(loaded.team.id, person.id);
  return sortMembers([...loaded.members, saved]);
}
