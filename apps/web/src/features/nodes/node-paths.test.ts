import { describe, expect, it } from 'vitest';
import { RESERVED_NODE_SEGMENTS } from '@observatory/shared';
import { nodeScreen, placesFor } from './node-paths';

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

