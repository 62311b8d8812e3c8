import { describe, expect, it } from 'vitest';
import { pageLinks, pageOf } from './pagination.js';

// RFC 8288 links of a list's pages, beside the pagination headers.
describe('pageLinks', () => {
  const rels = (header: string) => Object.fromEntries(header.split(', ').map((l) => [/rel="(\w+)"/.exec(l)![1], /^<([^>]+)>/.exec(l)![1]]));

  it('gives first and next on the first of several pages, keeping the other parameters', () => {
    expect(rels(pageLinks('/api/v1/pubs?q=soil+carbon&sort=year', pageOf(1, 20), 45))).toEqual({
      first: '/api/v1/pubs?q=soil+carbon&sort=year&p=1',
      next: '/api/v1/pubs?q=soil+carbon&sort=year&p=2',
      last: '/api/v1/pubs?q=soil+carbon&sort=year&p=3',
    });
  });

  it('gives prev and next on a middle page, replacing its p', () => {
    expect(rels(pageLinks('/api/v1/pubs?p=2&q=a', pageOf(2, 20), 45))).toEqual({
      first: '/api/v1/pubs?p=1&q=a',
      prev: '/api/v1/pubs?p=1&q=a',
      next: '/api/v1/pubs?p=3&q=a',
      last: '/api/v1/pubs?p=3&q=a',
    });
  });

  it('gives no next on the last page, and a prev back to the last from beyond it', () => {
    expect(Object.keys(rels(pageLinks('/api/v1/pubs?p=3', pageOf(3, 20), 45)))).toEqual(['first', 'prev', 'last']);
    expect(rels(pageLinks('/api/v1/pubs?p=9', pageOf(9, 20), 45)).prev).toBe('/api/v1/pubs?p=3');
  });

  it('gives an empty list one page, and encodes what would break the header', () => {
    expect(pageLinks('/api/v1/pubs', pageOf(1, 20), 0)).toBe('</api/v1/pubs?p=1>; rel="first", </api/v1/pubs?p=1>; rel="last"');
    expect(pageLinks('/api/v1/pubs?q=a,b>c', pageOf(1, 20), 0)).not.toMatch(/[^<]q=a,b>c/);
    expect(pageLinks('/api/v1/pubs?q=a,b>c', pageOf(1, 20), 0)).toContain('q=a%2Cb%3Ec');
  });
});
