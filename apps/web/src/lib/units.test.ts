import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { Unit } from '@observatory/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unitKeys } from './query-keys';
import { loadUnits, searchUnits, unitsQuery } from './units';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unit = (code: string, name = code, property = '', builtin = true): Unit => ({ code, name, printSymbol: code, property, builtin, version: 1 });
const UNITS = [unit('m', 'meter', 'length'), unit('kg', 'kilogram', 'mass'), unit('Cel', 'degree Celsius', 'temperature')];

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
let client: QueryClient;
const unitCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/api/v1/data/units');

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  // A client of the test's own: each test starts with no list loaded.
  client = new QueryClient();
});

afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
});

describe('loadUnits: one call, shared', () => {
  it('makes concurrent loads wait for one call, and all get the same list', async () => {
    const answer = deferred<Response>();
    fetchMock.mockReturnValue(answer.promise);

    const loads = [loadUnits(client), loadUnits(client), loadUnits(client)];
    await new Promise((r) => setTimeout(r, 10));
    expect(unitCalls()).toHaveLength(1);

    answer.resolve(json({ units: UNITS }));
    const lists = await Promise.all(loads);
    expect(lists[0]).toEqual(UNITS);
    expect(lists[1]).toBe(lists[0]);
    expect(lists[2]).toBe(lists[0]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shares the call with a screen asking through the query at the same time', async () => {
    const answer = deferred<Response>();
    fetchMock.mockReturnValue(answer.promise);

    // What useUnits does: an observer of the same query.
    const observer = new QueryObserver(client, unitsQuery());
    const seen: (Unit[] | undefined)[] = [];
    const off = observer.subscribe((result) => seen.push(result.data));
    const load = loadUnits(client);
    await new Promise((r) => setTimeout(r, 10));
    expect(unitCalls()).toHaveLength(1);

    answer.resolve(json({ units: UNITS }));
    await expect(load).resolves.toEqual(UNITS);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(UNITS));
    off();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reuses the list once loaded: later loads ask for nothing', async () => {
    fetchMock.mockResolvedValue(json({ units: UNITS }));

    const first = await loadUnits(client);
    const second = await loadUnits(client);
    const third = await loadUnits(client);

    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing of a failed load: every waiting caller gets the error, the next load asks again', async () => {
    const answer = deferred<Response>();
    fetchMock.mockReturnValueOnce(answer.promise).mockResolvedValueOnce(json({ units: UNITS }));

    const loads = [loadUnits(client), loadUnits(client)];
    answer.resolve(json({ error: 'The database is busy', code: 'UNAVAILABLE', requestId: 'r' }, 503));
    const failures = await Promise.allSettled(loads);
    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect((failures[0] as PromiseRejectedResult).reason).toMatchObject({ status: 503, message: 'The database is busy' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await expect(loadUnits(client)).resolves.toEqual(UNITS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await loadUnits(client);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('loads again after the list is invalidated (a unit added or deleted)', async () => {
    const added = [...UNITS, unit('umol/m2/s', 'micromole per square meter per second', '', false)];
    fetchMock.mockResolvedValueOnce(json({ units: UNITS })).mockResolvedValueOnce(json({ units: added }));

    await loadUnits(client);
    await client.invalidateQueries({ queryKey: unitKeys.all });
    await expect(loadUnits(client)).resolves.toEqual(added);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('searchUnits', () => {
  const list = [unit('kg/m3', 'kilogram per cubic meter'), unit('g', 'gram', 'mass'), unit('kg', 'kilogram', 'mass'), unit('Kg'), unit('m', 'meter', 'length')];

  it('finds by code, name or property, the exact code first, then codes starting with it', () => {
    expect(searchUnits(list, 'kg').map((u) => u.code)).toEqual(['kg', 'kg/m3', 'Kg']);
    expect(searchUnits(list, 'mass').map((u) => u.code)).toEqual(['g', 'kg']);
    expect(searchUnits(list, 'METER').map((u) => u.code)).toEqual(['kg/m3', 'm']);
    expect(searchUnits(list, '  ')).toHaveLength(list.length);
  });
});
