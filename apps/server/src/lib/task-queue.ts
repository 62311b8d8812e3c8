/** What a queue has done and is doing; tests and logs read it. */
export interface TaskQueueCounts {
  /** Tasks running now (never more than the queue's concurrency). */
  running: number;
  /** Tasks waiting for a turn now. */
  waiting: number;
  /** The most tasks that ever ran at once. */
  peak: number;
  /** Tasks started since the queue was made. */
  started: number;
  /** Of those, how many had to wait for a turn. */
  waited: number;
}

export interface TaskQueue {
  /** Runs `task` when fewer than `concurrency` tasks run, in the order they came; answers what it answers. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly counts: Readonly<TaskQueueCounts>;
}

/**
 * An in-process queue that runs at most `concurrency` tasks at once, first come first
 * served; a task that fails frees its turn like one that succeeds.
 */
export function createTaskQueue(concurrency: number): TaskQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`A task queue runs at least one task at a time, not ${concurrency}`);
  const counts: TaskQueueCounts = { running: 0, waiting: 0, peak: 0, started: 0, waited: 0 };
  const turns: (() => void)[] = [];

  const start = () => {
    counts.running++;
    counts.started++;
    counts.peak = Math.max(counts.peak, counts.running);
  };

  const finish = () => {
    counts.running--;
    const next = turns.shift();
    if (next) next();
  };

  return {
    counts,
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (counts.running < concurrency && !turns.length) start();
      else {
        counts.waiting++;
        counts.waited++;
        // The finishing task hands its turn over directly, so none can slip in between.
        await new Promise<void>((resolve) =>
          turns.push(() => {
            counts.waiting--;
            start();
            resolve();
          }),
        );
      }
      try {
        return await task();
      } finally {
        finish();
      }
    },
  };
}
