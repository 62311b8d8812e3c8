import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ProjectDetail, ProjectUpdate } from '@observatory/shared';
import { removeUpdateEverywhere } from './api';
import { projectKeys } from './keys';

const update = (title: string) => ({ id: crypto.randomUUID(), slug: title, title }) as unknown as ProjectUpdate;

describe('deleting an update', () => {
  it('removes it from the full list and the recent list at once', () => {
    const client = new QueryClient();
    const [a, b, c] = [update('a'), update('b'), update('c')];
    client.setQueryData(projectKeys.updates('p'), [a, b, c]);
    client.setQueryData(projectKeys.detail('p'), { updates: [a, b] } as unknown as ProjectDetail);
    removeUpdateEverywhere(client, 'p', a.id);
    expect(client.getQueryData<ProjectUpdate[]>(projectKeys.updates('p'))).toEqual([b, c]);
    expect(client.getQueryData<ProjectDetail>(projectKeys.detail('p'))!.updates).toEqual([b]);
  });

  it('leaves lists that are not loaded alone', () => {
    const client = new QueryClient();
    removeUpdateEverywhere(client, 'p', 'x');
    expect(client.getQueryData(projectKeys.updates('p'))).toBeUndefined();
  });
});
