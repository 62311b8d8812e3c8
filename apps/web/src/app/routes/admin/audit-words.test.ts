import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_VERBS, changeInWords } from './audit-words';

describe('changeInWords', () => {
  it('says who did what to which thing, with a link to it', () => {
    expect(
      changeInWords({
        action: 'photo.create',
        actor: 'ada',
        targetType: 'object',
        target: { state: 'shown', name: 'Abisko birch–tundra ecotone', key: 'abisko-ecotone' },
      }),
    ).toEqual({
      lead: 'ada added a photo to',
      target: { text: 'Abisko birch–tundra ecotone', to: '/data/abisko-ecotone' },
    });
    expect(
      changeInWords({
        action: 'institution.update',
        actor: 'admin',
        targetType: 'institution',
        target: { state: 'shown', name: 'Lund University', key: 'university-of-lund' },
      }).target.to,
    ).toBe('/partners/university-of-lund');
  });

  it('words changes to the data schema, linked to their admin pages and to the node page', () => {
    expect(
      changeInWords({ action: 'metric.create', actor: 'admin', targetType: 'metric', target: { state: 'shown', name: 'Soil pH', key: 'soil-ph' } }),
    ).toEqual({
      lead: 'admin created the metric',
      target: { text: 'Soil pH', to: '/admin/data/metrics/soil-ph' },
    });
    expect(
      changeInWords({ action: 'schema.update', actor: 'grace', targetType: 'schema', target: { state: 'shown', name: 'Site basics', key: 'site-basics' } }),
    ).toEqual({
      lead: 'grace saved a new version of the metadata schema',
      target: { text: 'Site basics', to: '/admin/data/schema/site-basics' },
    });
    expect(
      changeInWords({ action: 'node.update', actor: 'admin', targetType: 'node', target: { state: 'shown', name: 'Soil pH', key: 'soil/chemistry/ph' } }).target
        .to,
    ).toBe('/nodes/soil/chemistry/ph');
    expect(changeInWords({ action: 'unit.create', actor: 'admin', targetType: 'unit', target: { state: 'shown', name: 'g/kg', key: 'g/kg' } }).target.to).toBe(
      '/admin/data/units/g%2Fkg',
    );
    expect(
      changeInWords({ action: 'observations.write', actor: 'grace', targetType: 'datatable', target: { state: 'shown', name: 'Chlorophyll', key: 'rivers' } }),
    ).toEqual({
      lead: 'grace wrote observations to',
      target: { text: 'Chlorophyll', to: '/projects/rivers/data' },
    });
    expect(
      changeInWords({ action: 'objtype.delete', actor: 'admin', targetType: 'objtype', target: { state: 'gone', name: null, key: null } }).target.text,
    ).toBe('an object type since deleted');
  });

  it('names no hidden target and links none', () => {
    expect(changeInWords({ action: 'project.update', actor: 'tomas', targetType: 'project', target: { state: 'hidden', name: null, key: null } })).toEqual({
      lead: 'tomas changed the project',
      target: { text: 'a members-only project', to: null },
    });
    expect(changeInWords({ action: 'note.create', actor: 'tomas', targetType: 'object', target: { state: 'hidden', name: null, key: null } }).target.text).toBe(
      'a members-only object',
    );
  });

  it('names a deleted target only when its name was given, without a link', () => {
    expect(
      changeInWords({ action: 'project.delete', actor: 'ada', targetType: 'project', target: { state: 'gone', name: 'Hidden Fen', key: null } }).target,
    ).toEqual({ text: 'Hidden Fen (since deleted)', to: null });
    expect(changeInWords({ action: 'project.delete', actor: 'ada', targetType: 'project', target: { state: 'gone', name: null, key: null } }).target.text).toBe(
      'a project since deleted',
    );
  });

  it('words a change by no account, and an action it does not know, plainly', () => {
    const words = changeInWords({ action: 'object.merge', actor: null, targetType: 'object', target: { state: 'shown', name: 'Plot 4', key: 'plot-4' } });
    expect(words.lead).toBe('The system did “object.merge” to');
  });

  it('words changes to pages, shortlinks and uploads, linking the page', () => {
    expect(changeInWords({ action: 'page.move', actor: 'admin', targetType: 'page', target: { state: 'shown', name: 'The map', key: 'guide/map' } })).toEqual({
      lead: 'admin moved the page',
      target: { text: 'The map', to: '/doc/guide/map' },
    });
    expect(changeInWords({ action: 'page.create', actor: 'admin', targetType: 'page', target: { state: 'hidden', name: null, key: null } }).target.text).toBe(
      'a draft page',
    );
    expect(
      changeInWords({ action: 'shortlink.create', actor: 'admin', targetType: 'shortlink', target: { state: 'shown', name: 'guide', key: 'guide' } }).target.to,
    ).toBe('/admin/shortlinks');
    expect(changeInWords({ action: 'asset.upload', actor: 'ada', targetType: 'asset', target: { state: 'hidden', name: null, key: null } })).toEqual({
      lead: 'ada uploaded',
      target: { text: 'a file', to: null },
    });
  });

  it('has words for every action the server records', () => {
    // The server's modules, read as text (tests run from the repository's root): each audit(…, 'action', …) call names its action.
    const modules = path.resolve('apps/server/src/modules');
    const sources = (readdirSync(modules, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.includes('.test.'));
    const actions = new Set(
      sources.flatMap((f) => [...readFileSync(path.join(modules, f), 'utf8').matchAll(/\baudit\(\w+, [\w.]+, '([a-z.-]+)'/g)].map((m) => m[1]!)),
    );
    expect(actions.size).toBeGreaterThan(50);
    expect([...actions].filter((action) => !AUDIT_VERBS[action])).toEqual([]);
  });
});
