import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * A create's mutation that starts once per user action: a call made while one is under
 * way is dropped (with its callbacks), so a double click makes one thing. The button shows
 * itself busy, and so disabled, only once drawn again (TanStack Query tells React a task
 * later), and a double click's second click can land before that.
 */
export function useOneAtATime<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const running = useRef(false);
  type Options = MutateOptions<TData, TError, TVariables, TContext>;
  const start = mutation.mutate as (variables: TVariables, options: Options) => void;
  const mutate = (variables: TVariables, options?: Options) => {
    if (running.current) return;
    running.current = true;
    start(variables, {
      ...options,
      onSettled: (...settled) => {
        running.current = false;
        options?.onSettled?.(...settled);
      },
    });
  };
  return { ...mutation, mutate: mutate as typeof mutation.mutate };
}
