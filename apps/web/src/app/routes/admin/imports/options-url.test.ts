import { describe, expect, it } from 'vitest';
import { importPage, importQuery, readOptions, withOptions } from './options-url';

const SESSION = '6f1c2f4e-1b1a-4b7e-9d8e-3c2a1b0f9e8d';

describe('the options in the address', () => {
  it('goes there as URI-encoded JSON and comes back the same', () => {
    const options = { idColumn: 0, metadataColumns: { '3': 'soil & rock #1', '4': 'höhe ü.M. 50%' }, projects: ['river-sites'], setLocation: true };
    const query = importQuery(SESSION, options);
    expect(query).toBe(`session=${SESSION}&options=${encodeURIComponent(JSON.stringify(options))}`);
    // Nothing in the encoded options ends the parameter or the address.
    expect(query.split('&options=')[1]).not.toMatch(/[{}"#& ]/);
    const search = new URLSearchParams(query);
    expect(search.get('session')).toBe(SESSION);
    expect(readOptions(search)).toEqual(options);
  });

  it('leaves the options out when none are given', () => {
    expect(importQuery(SESSION)).toBe(`session=${SESSION}`);
    expect(readOptions(new URLSearchParams(importQuery(SESSION)))).toBeUndefined();
  });

  it('reads an address whose options are not JSON as holding none', () => {
    expect(readOptions(new URLSearchParams('session=x&options=%7Bnot-json'))).toBeUndefined();
    expect(readOptions(new URLSearchParams('session=x&options='))).toBeUndefined();
  });

  it('builds the options page and the preview of each kind', () => {
    expect(importPage('objects', SESSION)).toBe(`/admin/data/import/objects?session=${SESSION}`);
    expect(importPage('object_rels', SESSION, { idColumn: 1 }, 'result')).toBe(
      `/admin/data/import/object_rels/result?session=${SESSION}&options=${encodeURIComponent('{"idColumn":1}')}`,
    );
    expect(importPage('observations', SESSION, undefined, 'result')).toBe(`/admin/data/import/observations/result?session=${SESSION}`);
  });

  it('replaces the options and keeps the other parameters', () => {
    const search = new URLSearchParams(`session=${SESSION}&show=error&page=2&options=${encodeURIComponent('{"a":1}')}`);
    const next = withOptions(search, { a: 2 });
    expect(next.get('session')).toBe(SESSION);
    expect(next.get('show')).toBe('error');
    expect(next.get('page')).toBe('2');
    expect(readOptions(next)).toEqual({ a: 2 });
    expect(readOptions(search)).toEqual({ a: 1 });
  });
});
