import { UNSAFE_createMemoryHistory } from 'react-router';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedHistory, guardNavigation, loadingScreen, useScreenLoading, type History } from './navigation';

/** A guarded history at /a (after /start), with what its router would have been told. */
function setUp() {
  const history = guardedHistory(UNSAFE_createMemoryHistory({ initialEntries: ['/start', '/a'], v5Compat: true }) as History);
  const told: string[] = [];
  history.listen(({ action, location }) => told.push(`${action} ${location.pathname}${location.search}`));
  return { history, told };
}

/** A guard that blocks leaving /a and keeps the question's answers for the test to give. */
function guardA() {
  const questions: { leave: () => void; stay: () => void }[] = [];
  guardNavigation({ blocks: (from, to) => from === '/a' && to !== '/a', ask: (leave, stay) => questions.push({ leave, stay }) });
  return questions;
}

afterEach(() => guardNavigation(null));

describe('guardedHistory', () => {
  it('goes where it is told without a guard', () => {
    const { history, told } = setUp();
    history.push('/b');
    expect(history.location.pathname).toBe('/b');
    expect(told).toEqual(['PUSH /b']);
  });

  it('holds a link until answered: stay drops it, leave goes on without asking again', () => {
    const { history, told } = setUp();
    const questions = guardA();
    history.push('/b');
    expect(questions).toHaveLength(1);
    expect(history.location.pathname).toBe('/a');
    questions[0]!.stay();
    expect(history.location.pathname).toBe('/a');

    history.replace('/c');
    expect(questions).toHaveLength(2);
    questions[1]!.leave();
    expect(history.location.pathname).toBe('/c');
    expect(questions).toHaveLength(2);
    expect(told).toEqual(['REPLACE /c']);
  });

  it('lets the page’s own search changes through', () => {
    const { history, told } = setUp();
    const questions = guardA();
    history.push('?tab=preview');
    history.push({ search: '?tab=notes' });
    expect(questions).toHaveLength(0);
    expect(told).toEqual(['PUSH /a?tab=preview', 'PUSH /a?tab=notes']);
  });

  it('asks once while a question is open: a second click waits for the answer, and Back meanwhile is undone', () => {
    const { history, told } = setUp();
    const questions = guardA();
    history.push('/b');
    history.push('/b');
    history.go(-1);
    expect(questions).toHaveLength(1);
    expect(history.location.pathname).toBe('/a');
    questions[0]!.leave();
    expect(history.location.pathname).toBe('/b');
    expect(told).toEqual(['PUSH /b']);
  });

  it('undoes Back until answered, then redoes it on leave; the router hears only the move made', () => {
    const { history, told } = setUp();
    const questions = guardA();
    history.go(-1);
    expect(questions).toHaveLength(1);
    expect(history.location.pathname).toBe('/a');
    expect(told).toEqual([]);
    questions[0]!.stay();
    history.go(-1);
    questions[1]!.leave();
    expect(history.location.pathname).toBe('/start');
    expect(told).toEqual(['POP /start']);
  });
});

describe('loadingScreen', () => {
  it('counts a screen’s code as loading until it settles, failed or not', async () => {
    const { result } = renderHook(() => useScreenLoading());
    expect(result.current).toBe(false);
    let settle!: () => void;
    let fail!: (err: Error) => void;
    const first = loadingScreen(new Promise<void>((resolve) => (settle = resolve)));
    const second = loadingScreen(new Promise<void>((_, reject) => (fail = reject)));
    await waitFor(() => expect(result.current).toBe(true));
    settle();
    await act(() => first);
    expect(result.current).toBe(true);
    fail(new Error('chunk failed'));
    await act(() => expect(second).rejects.toThrow('chunk failed'));
    expect(result.current).toBe(false);
  });
});
