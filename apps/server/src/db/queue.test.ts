import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { DbQueue } from './queue.js';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DbQueue', () => {
  it('runs one job at a time in arrival order at concurrency 1', async () => {
    const queue = new DbQueue(1, 1000);
    const order: string[] = [];
    const job = (name: string, ms: number) =>
      queue.run(async () => {
        order.push(`start ${name}`);
        await later(ms);
        order.push(`end ${name}`);
      });
    await Promise.all([job('a', 30), job('b', 1), job('c', 1)]);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('runs up to `concurrency` jobs together', async () => {
    const queue = new DbQueue(2, 1000);
    let running = 0;
    let peak = 0;
    const job = () =>
      queue.run(async () => {
        peak = Math.max(peak, ++running);
        await later(10);
        running--;
      });
    await Promise.all([job(), job(), job(), job()]);
    expect(peak).toBe(2);
  });

  it('fails a job that waited longer than the bound with 503 and Retry-After', async () => {
    const queue = new DbQueue(1, 50);
    const long = queue.run(() => later(200));
    const waiting = queue.run(async () => 'never');
    const err = await waiting.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
    expect((err as AppError).headers['retry-after']).toBe('1');
    await long;
    expect(queue.pending).toBe(0);
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });

  it('fails at once a job that would wait past the bound behind those waiting, at their average time', async () => {
    const queue = new DbQueue(1, 2000);
    await queue.run(() => later(250)); // longer than a tenth of the bound: not in the average
    for (let i = 0; i < 3; i++) await queue.run(() => later(50)); // the average: at least 50 ms (and at most 200)
    let release = () => {};
    const long = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const settled: string[] = [];
    const waiting = Array.from({ length: 45 }, (_, i) =>
      queue
        .run(async () => i)
        .then(
          () => settled.push(`ran ${i}`),
          () => settled.push(`refused ${i}`),
        ),
    );
    // The 46th would wait at least 46 × 50 ms > 2 s: refused before any timer could fire.
    const err = await queue.run(async () => 'never').catch((e: unknown) => e);
    expect((err as AppError).status).toBe(503);
    expect(Number((err as AppError).headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // So far only refusals at the door (the later waiters'); none ran or timed out. The
    // first ten would wait at most 10 × 200 ms: let in.
    expect(settled.every((s) => s.startsWith('refused'))).toBe(true);
    for (let i = 0; i < 10; i++) expect(settled).not.toContain(`refused ${i}`);
    release();
    await long;
    await Promise.all(waiting);
    expect(settled).toContain('ran 0');
  });

  it('frees the slot when a job throws', async () => {
    const queue = new DbQueue(1, 100);
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'ok')).resolves.toBe('ok');
  });
});
