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

  it('frees the slot when a job throws', async () => {
    const queue = new DbQueue(1, 100);
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'ok')).resolves.toBe('ok');
  });
});
