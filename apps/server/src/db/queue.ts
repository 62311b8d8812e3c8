import { AppError } from '../lib/errors.js';

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Serialises database work: at most `concurrency` jobs run at once (1 for the
 * embedded database, the pool size for a server). A job that cannot start within
 * `maxWaitMs` fails with 503 + Retry-After instead of hanging behind a long job.
 */
export class DbQueue {
  private active = 0;
  private readonly waiting: Waiter[] = [];

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
    try {
      return await job();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          const retryAfter = String(Math.max(1, Math.ceil(this.maxWaitMs / 1000)));
          reject(
            new AppError('UNAVAILABLE', 'The database is busy with a long job; please try again shortly', {
              headers: { 'retry-after': retryAfter },
            }),
          );
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
