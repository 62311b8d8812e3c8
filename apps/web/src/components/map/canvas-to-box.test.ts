import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepCanvasToBox } from './canvas-to-box';

/** The size observer's reports, given by hand: the page's layout is not drawn here. */
function observed() {
  const held = { report: () => {}, watched: [] as unknown[], stops: 0 };
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(report: () => void) {
        held.report = report;
      }
      observe(box: unknown) {
        held.watched.push(box);
      }
      disconnect() {
        held.stops++;
      }
    },
  );
  return held;
}

function mapIn(box: { clientWidth: number; clientHeight: number }, canvas: { clientWidth: number; clientHeight: number }) {
  return {
    getContainer: () => box as HTMLElement,
    getCanvas: () => canvas as HTMLCanvasElement,
    resize: vi.fn(() => Object.assign(canvas, { clientWidth: box.clientWidth, clientHeight: box.clientHeight })),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('keepCanvasToBox', () => {
  it('resizes a map drawn narrower than its box at the first report, then leaves it to MapLibre', () => {
    const observer = observed();
    const box = { clientWidth: 640, clientHeight: 320 };
    const canvas = { clientWidth: 30, clientHeight: 320 };
    const map = mapIn(box, canvas);
    keepCanvasToBox(map);
    expect(observer.watched).toEqual([box]);
    // The first report, which MapLibre 5 drops: the strip is widened, and the observer stops.
    observer.report();
    expect(map.resize).toHaveBeenCalledTimes(1);
    expect(canvas.clientWidth).toBe(640);
    expect(observer.stops).toBe(1);
  });

  it('leaves a map already the size of its box, and one in a box not laid out', () => {
    const observer = observed();
    const fitting = mapIn({ clientWidth: 640, clientHeight: 320 }, { clientWidth: 640, clientHeight: 320 });
    keepCanvasToBox(fitting);
    observer.report();
    // MapLibre draws a box of no size at a size of its own.
    const hidden = mapIn({ clientWidth: 0, clientHeight: 0 }, { clientWidth: 400, clientHeight: 300 });
    const stop = keepCanvasToBox(hidden);
    observer.report();
    expect(fitting.resize).not.toHaveBeenCalled();
    expect(hidden.resize).not.toHaveBeenCalled();
    stop();
    expect(observer.stops).toBe(3);
  });
});
