import type { PageSummary } from '@observatory/shared';
import { describe, expect, it } from 'vitest';
import { buildPageTree, childPath, flattenTree, nearestDraftAbove, type PageNode } from './tree';

let n = 0;
const summary = (path: string, title: string, position = 0, draft = false): PageSummary => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  path,
  title,
  position,
  draft,
  version: 1,
  updatedAt: '2026-01-01T00:00:00Z',
});

/** A tree as nested paths, to compare at a glance. */
const shape = (nodes: PageNode[]): unknown => nodes.map((node) => (node.children.length ? { [node.page.path]: shape(node.children) } : node.page.path));

describe('buildPageTree', () => {
  const pages = [
    summary('index', 'Help', 0),
    summary('guide', 'User guide', 1),
    summary('guide/map', 'Map', 1),
    summary('guide/browsing', 'Browsing', 0),
    summary('guide/map/plots', 'Plots', 0),
    summary('guide/secret', 'Secret', 2, true),
    summary('guide/secret/inner', 'Inner', 3),
    summary('privacy', 'Privacy', 2),
  ];

  it('nests a flat list by path, siblings by position', () => {
    expect(shape(buildPageTree(pages))).toEqual([
      'index',
      { guide: ['guide/browsing', { 'guide/map': ['guide/map/plots'] }, { 'guide/secret': ['guide/secret/inner'] }] },
      'privacy',
    ]);
  });

  it('leaves drafts out when asked, hanging what is below a draft from the page above it', () => {
    expect(shape(buildPageTree(pages, { drafts: false }))).toEqual([
      'index',
      { guide: ['guide/browsing', { 'guide/map': ['guide/map/plots'] }, 'guide/secret/inner'] },
      'privacy',
    ]);
  });

  it('keeps the drafts by default, marked as such', () => {
    const guide = buildPageTree(pages).find((node) => node.page.path === 'guide')!;
    expect(guide.children.map((c) => [c.page.path, c.page.draft])).toEqual([
      ['guide/browsing', false],
      ['guide/map', false],
      ['guide/secret', true],
    ]);
  });

  it('orders siblings of the same position by title, and puts a page whose parents are all missing at the top', () => {
    const tree = buildPageTree([summary('b', 'Beta', 0), summary('a', 'Alpha', 0), summary('x/y/z', 'Deep', 0)]);
    expect(tree.map((node) => node.page.title)).toEqual(['Alpha', 'Beta', 'Deep']);
  });

  it('is empty for no pages', () => {
    expect(buildPageTree([])).toEqual([]);
  });

  it('flattens depth-first with each depth', () => {
    expect(flattenTree(buildPageTree(pages, { drafts: false })).map(({ node, depth }) => `${depth}:${node.page.path}`)).toEqual([
      '0:index',
      '0:guide',
      '1:guide/browsing',
      '1:guide/map',
      '2:guide/map/plots',
      '1:guide/secret/inner',
      '0:privacy',
    ]);
  });
});

describe('nearestDraftAbove', () => {
  const listed = [summary('guide', 'Guide', 0), summary('guide/plans', 'Plans', 0, true), summary('guide/plans/next', 'Next', 0, true)];
  it('names the nearest draft above a path, or none', () => {
    expect(nearestDraftAbove(listed, 'guide/plans/next/step')).toBe('guide/plans/next');
    expect(nearestDraftAbove(listed, 'guide/plans/new')).toBe('guide/plans');
    expect(nearestDraftAbove(listed, 'guide/map')).toBeNull();
    expect(nearestDraftAbove(listed, 'guide/plans')).toBeNull();
  });
});

describe('childPath', () => {
  it('makes a path segment of the title under the parent', () => {
    expect(childPath('guide', 'Soil & Water: Öland', 60)).toBe('guide/soil-water-oland');
    expect(childPath(null, 'FAQ', 60)).toBe('faq');
  });

  it('cuts the segment to its limit without a trailing hyphen', () => {
    expect(childPath(null, 'abc def', 4)).toBe('abc');
  });

  it('keeps only the parent while the title has no letter or digit', () => {
    expect(childPath('guide', '—', 60)).toBe('guide/');
    expect(childPath(null, '', 60)).toBe('');
  });
});
