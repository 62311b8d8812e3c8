import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_STYLE } from './base-style';
import { useBaseStyle } from './use-base-style';

const STYLE = 'https://tiles.example.org/style.json';
/** The style's document come, naming one source of its own. */
const documentCame = { target: { getStyle: () => ({ sources: { base: {} } }) } };
const tileCame = { sourceId: 'base', tile: {} };

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const styleHook = () => renderHook(() => useBaseStyle(STYLE));
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('useBaseStyle', () => {
  it('keeps a slow style while its document and tiles keep coming, each restarting the 8 s wait', () => {
    const { result } = styleHook();
    wait(7000);
    act(() => result.current.styleData(documentCame));
    for (let i = 0; i < 3; i++) {
      wait(7000);
      act(() => result.current.sourceData(tileCame));
    }
    expect(result.current.style).toBe(STYLE);
    act(() => result.current.sourceData({ sourceId: 'base', isSourceLoaded: true }));
    wait(60_000);
    expect(result.current.style).toBe(STYLE);
  });

  it('draws the built-in style after 8 s without progress; a layer shown by zooming, or another source’s tile, is none', () => {
    const { result } = styleHook();
    act(() => result.current.styleData(documentCame));
    wait(5000);
    act(() => result.current.sourceData({ sourceId: 'base', sourceDataType: 'visibility' }));
    act(() => result.current.sourceData({ sourceId: 'objects', tile: {} }));
    wait(2999);
    expect(result.current.style).toBe(STYLE);
    wait(1);
    expect(result.current.style).toBe(BUILT_IN_STYLE);
  });

  it('draws the built-in style when its document never comes, or when one of its own sources fails before it has loaded', () => {
    const never = styleHook();
    wait(8000);
    expect(never.result.current.style).toBe(BUILT_IN_STYLE);
    const failing = styleHook();
    act(() => failing.result.current.styleData(documentCame));
    act(() => failing.result.current.failed({ sourceId: 'objects' }));
    expect(failing.result.current.style).toBe(STYLE);
    act(() => failing.result.current.failed({ sourceId: 'base' }));
    expect(failing.result.current.style).toBe(BUILT_IN_STYLE);
  });

  it('with no style configured, draws the built-in one and arms no timer', () => {
    const { result } = renderHook(() => useBaseStyle(null));
    act(() => result.current.styleData(documentCame));
    act(() => result.current.sourceData({ sourceId: 'base', tile: {} }));
    expect(result.current.style).toBe(BUILT_IN_STYLE);
    expect(vi.getTimerCount()).toBe(0);
  });
});
