import { act, cleanup, renderHook } from '@testing-library/react';
import type { MapLayerMouseEvent, MapLayerTouchEvent } from 'react-map-gl/maplibre';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBoxDrawing } from './use-box-drawing';

afterEach(cleanup);

/** A mouse event on the map at a place, `x` pixels from the left (a degree a pixel). */
const mouseAt = (lng: number, lat: number) => ({ lngLat: { lng, lat }, point: { x: lng, y: -lat } }) as unknown as MapLayerMouseEvent;
const touchAt = (lng: number, lat: number, fingers: number) =>
  ({ ...mouseAt(lng, lat), points: Array.from({ length: fingers }, () => ({ x: lng, y: -lat })) }) as unknown as MapLayerTouchEvent;

function drawingHook(drawing = true) {
  const onDrawn = vi.fn();
  const hook = renderHook(() => useBoxDrawing({ drawing, onDrawn }));
  return { onDrawn, hook };
}

describe('useBoxDrawing', () => {
  it('shows the box while dragging and gives it when the button is let go, even outside the map', () => {
    const { onDrawn, hook } = drawingHook();
    expect(hook.result.current.mapProps.dragPan).toBe(false);
    act(() => hook.result.current.mapProps.onMouseDown(mouseAt(10, 60)));
    act(() => hook.result.current.mapProps.onMouseMove(mouseAt(20, 50)));
    expect(hook.result.current.draft).toEqual([10, 50, 20, 60]);
    act(() => void window.dispatchEvent(new MouseEvent('mouseup')));
    expect(onDrawn).toHaveBeenCalledWith([10, 50, 20, 60]);
    expect(hook.result.current.draft).toBeNull();
  });

  it('takes a drag shorter than 5 pixels for a click, and a lifted or cancelled finger ends a drag', () => {
    const { onDrawn, hook } = drawingHook();
    act(() => hook.result.current.mapProps.onMouseDown(mouseAt(10, 60)));
    act(() => hook.result.current.mapProps.onMouseMove(mouseAt(13, 57)));
    act(() => void window.dispatchEvent(new MouseEvent('mouseup')));
    act(() => hook.result.current.mapProps.onTouchStart(touchAt(10, 60, 1)));
    act(() => hook.result.current.mapProps.onTouchMove(touchAt(30, 40, 1)));
    act(() => void window.dispatchEvent(new Event('touchcancel')));
    expect(onDrawn.mock.calls).toEqual([[[10, 40, 30, 60]]]);
  });

  it('draws nothing with two fingers or while not drawing, when the map moves as usual', () => {
    const twoFingers = drawingHook();
    act(() => twoFingers.hook.result.current.mapProps.onTouchStart(touchAt(10, 60, 2)));
    act(() => twoFingers.hook.result.current.mapProps.onTouchMove(touchAt(30, 40, 2)));
    act(() => void window.dispatchEvent(new Event('touchend')));
    expect(twoFingers.onDrawn).not.toHaveBeenCalled();
    const off = drawingHook(false);
    expect(off.hook.result.current.mapProps).toMatchObject({ dragPan: true, doubleClickZoom: true });
    act(() => off.hook.result.current.mapProps.onMouseDown(mouseAt(10, 60)));
    act(() => off.hook.result.current.mapProps.onMouseMove(mouseAt(30, 40)));
    act(() => void window.dispatchEvent(new MouseEvent('mouseup')));
    expect(off.hook.result.current.draft).toBeNull();
    expect(off.onDrawn).not.toHaveBeenCalled();
  });
});
