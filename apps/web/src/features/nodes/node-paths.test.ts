import { describe, expect, it } from 'vitest';
import { RESERVED_NODE_SEGMENTS } from '@observatory/shared';
import { nodeMetadata, nodeScreen, placesFor } from './node-paths';

describe('nodeScreen', () => {
  it('reads a node’s page, the new and edit pages, and the root', () => {
    expect(nodeScreen('soil/chemistry/carbon')).toEqual({ screen: 'view', path: 'soil/chemistry/carbon' });
    expect(nodeScreen('soil/chemistry/new')).toEqual({ screen: 'new', parent: 'soil/chemistry' });
    expect(nodeScreen('new')).toEqual({ screen: 'new', parent: null });
    expect(nodeScreen('soil/edit')).toEqual({ screen: 'edit', path: 'soil' });
    expect(nodeScreen('')).toEqual({ screen: 'view', path: '' });
    expect(nodeScreen('soil/')).toEqual({ screen: 'view', path: 'soil' });
  });

  it('uses exactly the segments the server reserves', () => {
    expect([...RESERVED_NODE_SEGMENTS].sort()).toEqual(['edit', 'new']);
  });
});

describe('placesFor', () => {
  const outline = ['soil', 'soil/chemistry', 'soil/chemistry/carbon', 'soils', 'water'].map((path) => ({ path }));
  it('offers every node but the one moving and those below it', () => {
    expect(placesFor(outline, 'soil').map((n) => n.path)).toEqual(['soils', 'water']);
    expect(placesFor(outline, null)).toHaveLength(5);
  });
});

describe('nodeMetadata', () => {
  const saved = { metric: 'soil-ph', site: 'A1' };
  it('keeps the details no field shows, unless the schema is closed', () => {
    expect(nodeMetadata(saved, [], {}, false)).toEqual(saved);
    expect(nodeMetadata(saved, ['metric'], { metric: 'ndvi' }, false)).toEqual({ metric: 'ndvi', site: 'A1' });
    expect(nodeMetadata(saved, ['metric'], { metric: 'ndvi' }, true)).toEqual({ metric: 'ndvi' });
  });
  it('leaves out a shown field emptied in the form', () => {
    expect(nodeMetadata(saved, ['metric', 'site'], { metric: 'soil-ph' }, false)).toEqual({ metric: 'soil-ph' });
  });
});
