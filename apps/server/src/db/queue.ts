import { AppError } from '../lib/errors.js';

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/** How much each finished job moves the average job time (an exponentially weighted mean). */
const AVERAGE_WEIGHT = 0.2;
/**
 * The average is of request-sized jobs: one longer than this share of the bound (a
 * backup, a big import) says nothing about how long the next waiter's job will take.
 */
const LONG_JOB_SHARE = 0.1;

const unavailable = (waitMs: number) =>
  new AppError('UNAVAILABLE', 'The database is busy with a long job; please try again shortly', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });

/**
 * Serialises database work: at most `concurrency` jobs run at once (1 for the
 * embedded database, the pool size for a server). A job that cannot start within
 * `maxWaitMs` fails with 503 + Retry-After instead of hanging behind a long job; one
 * that would wait longer than that behind the jobs already waiting (at their average
 * time) fails at once, so a crowd past the queue's capacity is told to come back
 * rather than kept waiting for nothing.
 */
export class DbQueue {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  /** The average time of a request-sized job, in ms (0 until one has finished). */
  private averageMs = 0;

  constructor(
    private readonly concurrency: number,
    private readonly maxWaitMs: number,
  ) {}

  /** How many jobs may run at once. */
  get capacity(): number {
    return this.concurrency;
  }

  get pending(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    await this.acquire();
    const started = performance.now();
    try {
      return await job();
    } finally {
      this.noteJob(performance.now() - started);
      this.release();
    }
  }

  private noteJob(ms: number): void {
    if (ms > this.maxWaitMs * LONG_JOB_SHARE) return;
    this.averageMs = this.averageMs === 0 ? ms : this.averageMs + AVERAGE_WEIGHT * (ms - this.averageMs);
  }

  private acquire(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    const expectedWaitMs = ((this.waiting.length + 1) / this.concurrency) * this.averageMs;
    if (expectedWaitMs > this.maxWaitMs) return Promise.reject(unavailable(expectedWaitMs));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(unavailable(this.maxWaitMs));
        }, this.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** Hand the slot straight to the next waiter, or free it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.active--;
  }
}
