import { describe, expect, it } from 'vitest';
import type { ObjectDetail } from '../../../../../features/objects/api';
import { fullObjectBody, metadataProblems } from './object-body';

const detail = {
  obj: {
    id: '0b3a8c59-9a43-4a6e-9d0c-4b8a51c5a0f1',
    name: 'upper-meadow',
    title: 'Upper Meadow',
    types: [{ slug: 'site', name: 'Site', marker: 'mini' }],
    projects: [{ id: 'a5f0a1f4-6a3c-4a8e-8f43-1c1d2b3a4b5c', slug: 'alps', title: 'Alps' }],
    parent: { id: '7d1f2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', name: 'valley', title: 'Valley' },
    people: [],
    institutions: [],
    geo: { type: 'Point', coordinates: [7.5, 46.9] },
    metadata: { elevation: 2140 },
    visibility: 'members',
    update: { at: '2026-01-01T00:00:00Z', by: null },
  },
  doc: { type: 'doc', content: [{ type: 'paragraph' }] },
  permissions: ['view', 'edit'],
} as unknown as ObjectDetail;

describe('saving an object from Site Admin', () => {
  it('sends every field and the doc back as read, with the title, types and metadata changed', () => {
    expect(fullObjectBody(detail, { title: 'Upper meadow (burnt)', types: ['site', 'vegetation-plot'], metadata: { elevation: 2150 } })).toEqual({
      name: 'upper-meadow',
      title: 'Upper meadow (burnt)',
      types: ['site', 'vegetation-plot'],
      parent: '7d1f2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
      visibility: 'members',
      geo: { type: 'Point', coordinates: [7.5, 46.9] },
      metadata: { elevation: 2150 },
      doc: { type: 'doc', content: [{ type: 'paragraph' }] },
    });
  });

  it('sends no parent as null, and never the projects', () => {
    const body = fullObjectBody({ ...detail, obj: { ...detail.obj, parent: null } }, { title: 't', types: ['site'], metadata: {} });
    expect(body.parent).toBeNull();
    expect(body).not.toHaveProperty('projects');
  });

  it('lists the metadata problems of a refusal in the server’s words, the others left to their fields', () => {
    expect(metadataProblems({ title: 'Give a title', 'metadata.elevation': 'must be number (Site)', 'metadata.bogus': 'is not a field of Site', metadata: 'must be object' })).toEqual([
      'elevation: must be number (Site)',
      'bogus: is not a field of Site',
      'must be object',
    ]);
  });
});
