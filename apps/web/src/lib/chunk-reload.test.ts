import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, isOfflineChunkError, reloadForChunkError } from './chunk-reload';

const CHROME = new TypeError('Failed to fetch dynamically imported module: https://example.org/assets/Projects-Bx1c9.js');
const FIREFOX = new TypeError('error loading dynamically imported module: https://example.org/assets/Projects-Bx1c9.js');
const SAFARI = new TypeError('Importing a module script failed.');
const VITE_CSS = new Error('Unable to preload CSS for /assets/Projects-Bx1c9.css');

/** A fake sessionStorage (the lib's parameter is typed as the full Storage interface). */
function memoryStorage() {
  const items = new Map<string, string>();
  const storage = {
    items,
    getItem: vi.fn((key: string) => items.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void items.set(key, value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
  return storage satisfies Storage;
}

/** A realistic wall-clock time, well past the epoch. */
const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);

describe('isChunkLoadError', () => {
  it.each([
    ['Chrome', CHROME],
    ['Firefox', FIREFOX],
    ['Safari', SAFARI],
    ['Vite CSS preload', VITE_CSS],
  ])('recognises the %s message', (_browser, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    ['a network failure', new TypeError('Failed to fetch')],
    ['a render error', new Error("Cannot read properties of undefined (reading 'map')")],
    ['an API error', new Error('Not Found')],
    ['a string with the message', 'Failed to fetch dynamically imported module: x.js'],
    ['a plain object with the message', { message: 'Importing a module script failed.' }],
    ['null', null],
    ['undefined', undefined],
  ])('does not take %s for one', (_what, error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});

describe('reloadForChunkError', () => {
  it('reloads on the first chunk error and records when', () => {
    const storage = memoryStorage();
    const reload = vi.fn();

    expect(reloadForChunkError(CHROME, { storage, reload, now: T0 })).toBe(true);

    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.setItem).toHaveBeenCalledTimes(1);
    expect([...storage.items.values()]).toEqual([String(T0)]);
  });

  it('does not reload with no network, where the screen was not kept offline', () => {
    const storage = memoryStorage();
    const reload = vi.fn();

    expect(reloadForChunkError(CHROME, { storage, reload, now: T0, online: false })).toBe(false);
    expect(isOfflineChunkError(CHROME, false)).toBe(true);
    expect(isOfflineChunkError(CHROME, true)).toBe(false);
    expect(isOfflineChunkError(new TypeError('Failed to fetch'), false)).toBe(false);

    expect(reload).not.toHaveBeenCalled();
    // Back online, the first failure reloads.
    expect(reloadForChunkError(CHROME, { storage, reload, now: T0 + 1, online: true })).toBe(true);
  });

  it('does not reload for other errors', () => {
    const storage = memoryStorage();
    const reload = vi.fn();

    expect(reloadForChunkError(new Error('boom'), { storage, reload, now: T0 })).toBe(false);

    expect(reload).not.toHaveBeenCalled();
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('does not reload again within 60000 ms', () => {
    const storage = memoryStorage();
    const reload = vi.fn();

    expect(reloadForChunkError(CHROME, { storage, reload, now: T0 })).toBe(true);
    expect(reloadForChunkError(SAFARI, { storage, reload, now: T0 + 1 })).toBe(false);
    expect(reloadForChunkError(FIREFOX, { storage, reload, now: T0 + CHUNK_RELOAD_GUARD_MS - 1 })).toBe(false);

    expect(reload).toHaveBeenCalledTimes(1);
    // A refused reload does not push the guard window forward.
    expect([...storage.items.values()]).toEqual([String(T0)]);
  });

  it('reloads again once 60000 ms have passed', () => {
    const storage = memoryStorage();
    const reload = vi.fn();

    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    expect(reloadForChunkError(CHROME, { storage, reload, now: T0 })).toBe(true);
    expect(reloadForChunkError(CHROME, { storage, reload, now: T0 + 60_000 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect([...storage.items.values()]).toEqual([String(T0 + 60_000)]);

    // And the window restarts from that second reload.
    expect(reloadForChunkError(CHROME, { storage, reload, now: T0 + 60_000 + 59_999 })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('uses sessionStorage by default', () => {
    const reload = vi.fn();
    window.sessionStorage.clear();
    try {
      expect(reloadForChunkError(CHROME, { reload, now: T0 })).toBe(true);
      expect(reloadForChunkError(CHROME, { reload, now: T0 + 1000 })).toBe(false);
      expect(reload).toHaveBeenCalledTimes(1);
      expect(window.sessionStorage.length).toBe(1);
    } finally {
      window.sessionStorage.clear();
    }
  });
});
