import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepCanvasToBox } from './canvas-to-box';

/** The size observer's reports, given by hand: the page's layout is not drawn here. */
function observed() {
  const held = { report: () => {}, watched: [] as unknown[], stopped: false };
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
        held.stopped = true;
      }
    },
  );
  return held;
}

afterEach(() => vi.unstubAllGlobals());

describe('keepCanvasToBox', () => {
  it('resizes a map drawn narrower than its box, and only then', () => {
    const observer = observed();
    const box = { clientWidth: 640, clientHeight: 320 };
    const canvas = { clientWidth: 30, clientHeight: 320 };
    const map = {
      getContainer: () => box as HTMLElement,
      getCanvas: () => canvas as HTMLCanvasElement,
      resize: vi.fn(() => Object.assign(canvas, { clientWidth: box.clientWidth, clientHeight: box.clientHeight })),
    };
    const stop = keepCanvasToBox(map);
    expect(observer.watched).toEqual([box]);
    // The first report, which MapLibre 5 drops: the strip is widened.
    observer.report();
    expect(map.resize).toHaveBeenCalledTimes(1);
    expect(canvas.clientWidth).toBe(640);
    // Already the box's size (MapLibre resized it first): nothing more.
    observer.report();
    expect(map.resize).toHaveBeenCalledTimes(1);
    box.clientHeight = 200;
    observer.report();
    expect(map.resize).toHaveBeenCalledTimes(2);
    stop();
    expect(observer.stopped).toBe(true);
  });
});
