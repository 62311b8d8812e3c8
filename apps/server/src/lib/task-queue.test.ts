import { describe, expect, it } from 'vitest';
import { createTaskQueue } from './task-queue.js';

/** A task that runs until it is let go, noting when it started. */
function held(started: string[], name: string) {
  let letGo!: (value: string) => void;
  let fail!: (err: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    letGo = resolve;
    fail = reject;
  });
  const task = () => {
    started.push(name);
    return done;
  };
  return { task, letGo: () => letGo(name), fail: () => fail(new Error(`${name} failed`)) };
}

/** Lets every promise callback that is ready run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createTaskQueue', () => {
  it('runs at most its concurrency at once, the others in the order they came', async () => {
    const queue = createTaskQueue(2);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((name) => held(started, name));
    const answers = tasks.map((t) => queue.run(t.task));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(queue.counts).toEqual({ running: 2, waiting: 3, peak: 2, started: 2, waited: 3 });

    tasks[1]!.letGo();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(queue.counts).toMatchObject({ running: 2, waiting: 2 });

    // A failing task frees its turn too.
    tasks[0]!.fail();
    await expect(answers[0]).rejects.toThrow('a failed');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);

    for (const t of tasks.slice(2)) t.letGo();
    expect(await Promise.all(answers.slice(1))).toEqual(['b', 'c', 'd', 'e']);
    expect(queue.counts).toEqual({ running: 0, waiting: 0, peak: 2, started: 5, waited: 3 });
  });

  it('lets no newcomer pass a task waiting for a turn, and a task that throws at once still frees its turn', async () => {
    const queue = createTaskQueue(1);
    const started: string[] = [];
    const first = held(started, 'first');
    const waiting = held(started, 'waiting');
    const answers = [queue.run(first.task), queue.run(waiting.task)];
    first.letGo();
    // Comes while the turn is being handed over.
    const late = held(started, 'late');
    answers.push(queue.run(late.task));
    await settle();
    expect(started).toEqual(['first', 'waiting']);
    waiting.letGo();
    late.letGo();
    expect(await Promise.all(answers)).toEqual(['first', 'waiting', 'late']);

    await expect(
      queue.run(() => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(queue.counts).toMatchObject({ running: 0, waiting: 0, peak: 1 });
  });

  it('runs at least one task at a time', () => {
    expect(() => createTaskQueue(0)).toThrow(/at least one/);
  });
});
