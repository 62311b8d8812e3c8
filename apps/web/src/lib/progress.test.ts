import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressController, PROGRESS_DELAY_MS, PROGRESS_MAX_MS } from './progress';

function setup() {
  const bar = { start: vi.fn(), complete: vi.fn() };
  return { bar, progress: createProgressController(bar) };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createProgressController', () => {
  it('uses the timings of spec section 9', () => {
    expect(PROGRESS_DELAY_MS).toBe(200);
    expect(PROGRESS_MAX_MS).toBe(5000);
  });

  it('does not start the bar for work shorter than 200 ms', () => {
    const { bar, progress } = setup();
    progress.begin();
    vi.advanceTimersByTime(199);
    progress.end();
    vi.advanceTimersByTime(10_000);
    expect(bar.start).not.toHaveBeenCalled();
    expect(bar.complete).not.toHaveBeenCalled();
  });

  it('starts the bar once work has lasted 200 ms', () => {
    const { bar, progress } = setup();
    progress.begin();
    vi.advanceTimersByTime(199);
    expect(bar.start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(bar.start).toHaveBeenCalledTimes(1);
    expect(bar.complete).not.toHaveBeenCalled();
    progress.end();
    expect(bar.complete).toHaveBeenCalledTimes(1);
  });

  it('completes only when the last of overlapping work ends', () => {
    const { bar, progress } = setup();
    progress.begin();
    vi.advanceTimersByTime(100);
    progress.begin();
    vi.advanceTimersByTime(100);
    expect(bar.start).toHaveBeenCalledTimes(1);
    progress.end();
    vi.advanceTimersByTime(1000);
    expect(bar.complete).not.toHaveBeenCalled();
    progress.end();
    expect(bar.complete).toHaveBeenCalledTimes(1);
    expect(bar.start).toHaveBeenCalledTimes(1);
  });

  it('times the 200 ms from the first of overlapping work, not the last', () => {
    const { bar, progress } = setup();
    progress.begin();
    vi.advanceTimersByTime(150);
    progress.begin();
    progress.end();
    vi.advanceTimersByTime(50);
    expect(bar.start).toHaveBeenCalledTimes(1);
  });

  it('never runs longer than 5000 ms after it started, even while work continues', () => {
    const { bar, progress } = setup();
    progress.begin();
    vi.advanceTimersByTime(200);
    expect(bar.start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4999);
    expect(bar.complete).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(bar.complete).toHaveBeenCalledTimes(1);

    // The work goes on and more overlaps it: the bar stays down and is not completed twice.
    progress.begin();
    vi.advanceTimersByTime(20_000);
    progress.end();
    progress.end();
    expect(bar.start).toHaveBeenCalledTimes(1);
    expect(bar.complete).toHaveBeenCalledTimes(1);
  });

  it('can start again for new work after it completed', () => {
    const { bar, progress } = setup();
    progress.begin();
    vi.advanceTimersByTime(300);
    progress.end();
    expect(bar.complete).toHaveBeenCalledTimes(1);

    progress.begin();
    vi.advanceTimersByTime(199);
    expect(bar.start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(bar.start).toHaveBeenCalledTimes(2);
    progress.end();
    expect(bar.complete).toHaveBeenCalledTimes(2);
  });

  it('can start again after the 5000 ms limit once the stuck work has ended', () => {
    const { bar, progress } = setup();
    progress.begin();
    vi.advanceTimersByTime(200 + 5000);
    expect(bar.complete).toHaveBeenCalledTimes(1);
    progress.end();

    progress.begin();
    vi.advanceTimersByTime(200);
    expect(bar.start).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(bar.complete).toHaveBeenCalledTimes(2);
  });

  it('ignores an end without a begin', () => {
    const { bar, progress } = setup();
    progress.end();
    progress.begin();
    vi.advanceTimersByTime(200);
    expect(bar.start).toHaveBeenCalledTimes(1);
    expect(bar.complete).not.toHaveBeenCalled();
  });

  it('honours custom timings', () => {
    const bar = { start: vi.fn(), complete: vi.fn() };
    const progress = createProgressController(bar, 50, 1000);
    progress.begin();
    vi.advanceTimersByTime(50);
    expect(bar.start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(bar.complete).toHaveBeenCalledTimes(1);
  });
});
