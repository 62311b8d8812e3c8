import { describe, expect, it } from 'vitest';
import { headersOf, storageProblem } from './record';

const MB = 1024 * 1024;

describe('recording on the device', () => {
  it('says the storage is full when what is recorded would leave less than 5 MB free', () => {
    expect(storageProblem({ usage: 10 * MB, quota: 100 * MB }, 2 * MB)).toBeNull();
    expect(storageProblem({ usage: 94 * MB, quota: 100 * MB }, 2 * MB)).toMatch(/^This device’s storage for the app is full/);
    // A browser that does not tell: recorded.
    expect(storageProblem(null, 2 * MB)).toBeNull();
    expect(storageProblem({}, 2 * MB)).toBeNull();
  });

  it('sends a create under its own key and an edit under the version it was based on', () => {
    expect(headersOf({ id: 'k1', method: 'POST' })).toEqual({ 'idempotency-key': 'k1' });
    expect(headersOf({ id: 'k2', method: 'PUT', base: { version: 7, values: {} } })).toEqual({ 'if-match': '"7"' });
  });
});
