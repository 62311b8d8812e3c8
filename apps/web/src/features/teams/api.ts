import { useQuery } from '@tanstack/react-query';
import type { Team, TeamMember } from '@observatory/shared';
import { api } from '../../lib/api-client';

export interface TeamDetail {
  team: Team;
  permissions: string[];
  members: TeamMember[];
}

export function useTeam(slug: string) {
  return useQuery({ queryKey: ['team', slug], queryFn: () => api.get<TeamDetail>(`/teams/${encodeURIComponent(slug)}`) });
}

export function useMyTeams() {
  return useQuery({ queryKey: ['teams', 'mine'], queryFn: () => api.get<{ teams: Team[] }>('/teams', { mine: 'true' }).then((r) => r.teams) });
}
