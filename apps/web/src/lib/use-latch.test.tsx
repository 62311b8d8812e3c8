import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLatch } from './use-latch';

describe('useLatch', () => {
  it('is false until the condition first holds, then true for good', () => {
    const { result, rerender } = renderHook(({ on }) => useLatch(on), { initialProps: { on: false } });
    expect(result.current).toBe(false);
    rerender({ on: true });
    expect(result.current).toBe(true);
    rerender({ on: false });
    expect(result.current).toBe(true);
  });
});
