import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ProjectDetail, ProjectUpdate } from '@observatory/shared';
import { projectKey, removeUpdateEverywhere } from './api';

const update = (title: string) => ({ id: crypto.randomUUID(), slug: title, title }) as unknown as ProjectUpdate;

describe('deleting an update', () => {
  it('removes it from the full list and the recent list at once', () => {
    const client = new QueryClient();
    const [a, b, c] = [update('a'), update('b'), update('c')];
    client.setQueryData(['updates', 'p'], [a, b, c]);
    client.setQueryData(projectKey('p'), { updates: [a, b] } as unknown as ProjectDetail);
    removeUpdateEverywhere(client, 'p', a.id);
    expect(client.getQueryData<ProjectUpdate[]>(['updates', 'p'])).toEqual([b, c]);
    expect(client.getQueryData<ProjectDetail>(projectKey('p'))!.updates).toEqual([b]);
  });

  it('leaves lists that are not loaded alone', () => {
    const client = new QueryClient();
    removeUpdateEverywhere(client, 'p', 'x');
    expect(client.getQueryData(['updates', 'p'])).toBeUndefined();
  });
});
