import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamDetail, TeamMember, TeamsResponse } from '@observatory/shared';
import { teamsQuery } from '../../components/pickers/lists';
import { api, type Conditional } from '../../lib/api-client';
import { teamKeys } from '../../lib/query-keys';
import { conflictOf } from '../../lib/versions';
import { addMember, sortMembers } from './team-members';

export type { TeamDetail };

export function useTeam(slug: string) {
  return useQuery({ queryKey: teamKeys.detail(slug), queryFn: () => api.get<TeamDetail>(`/teams/${encodeURIComponent(slug)}`) });
}

export function useMyTeams() {
  return useQuery({ queryKey: teamKeys.mine, queryFn: () => api.get<TeamsResponse>('/teams', { mine: 'true' }).then((r) => r.teams) });
}

const teamPath = (slug: string) => `/teams/${encodeURIComponent(slug)}`;

/** Add, re-role and remove members of a loaded team (manageMembers). */
export function useMemberMutations(slug: string) {
  const client = useQueryClient();
  const key = teamKeys.detail(slug);
  const setMembers = (members: TeamMember[]) => client.setQueryData<TeamDetail>(key, (old) => old && { ...old, members });
  return {
    add: useMutation({
      mutationFn: async (input: { person: { id: string }; role: string }) =>
        addMember(client.getQueryData<TeamDetail>(key), input.person, (teamId, personId) =>
          api.put<TeamMember>(`${teamPath(teamId)}/members/${personId}`, { role: input.role }),
        ),
      onSuccess: (members) => {
        if (members) setMembers(members);
      },
    }),
    setRole: useMutation({
      mutationFn: (input: { personId: string; role: string }) => api.put<TeamMember>(`${teamPath(slug)}/members/${input.personId}`, { role: input.role }),
      onSuccess: (saved) => {
        const team = client.getQueryData<TeamDetail>(key);
        if (team) setMembers(sortMembers(team.members.map((m) => (m.id === saved.id ? saved : m))));
      },
    }),
    remove: useMutation({
      mutationFn: (personId: string) => api.del(`${teamPath(slug)}/members/${personId}`).then(() => personId),
      onSuccess: (personId) => {
        const team = client.getQueryData<TeamDetail>(key);
        if (team) setMembers(team.members.filter((m) => m.id !== personId));
      },
    }),
  };
}

export function useAllTeams() {
  return useQuery(teamsQuery());
}

/** Create a team (slug null) or change one (based on the version its form started from: `conditional`, its If-Match); team lists and the team refetch. */
export function useSaveTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, input, conditional }: { slug: string | null; input: { name: string; description: string | null }; conditional?: Conditional }) =>
      slug ? api.put<TeamDetail>(teamPath(slug), input, conditional) : api.post<TeamDetail>('/teams', input),
    // Refused as changed meanwhile (412): the current version, for the conflict dialog to compare.
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: teamKeys.details });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: teamKeys.all });
      void client.invalidateQueries({ queryKey: teamKeys.details });
    },
  });
}

export function useDeleteTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, version }: { slug: string; version?: number }) => api.del(teamPath(slug), { version }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
