import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOneAtATime } from './one-at-a-time';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

function setup(create: (text: string) => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useOneAtATime(useMutation({ mutationFn: create })), { wrapper });
}

describe('useOneAtATime', () => {
  it('drops a call made while one is under way (a double click), callbacks and all', async () => {
    const answer = deferred<string>();
    const create = vi.fn(() => answer.promise);
    const { result } = setup(create);
    const [first, second] = [vi.fn(), vi.fn()];
    // Both clicks before anything is drawn again.
    act(() => {
      result.current.mutate('note', { onSuccess: first });
      result.current.mutate('note', { onSuccess: second });
    });
    await act(async () => answer.resolve('saved'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(create).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });

  it('starts the next action once the last has settled, failed or not', async () => {
    const failing = deferred<string>();
    const create = vi.fn().mockReturnValueOnce(failing.promise).mockResolvedValueOnce('saved');
    const { result } = setup(create);
    const settled = vi.fn();
    act(() => result.current.mutate('note', { onSettled: settled }));
    await act(async () => failing.reject(new Error('busy')));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(settled).toHaveBeenCalledTimes(1);
    act(() => result.current.mutate('note'));
    await waitFor(() => expect(result.current.data).toBe('saved'));
    expect(create).toHaveBeenCalledTimes(2);
  });
});
