import { describe, expect, it } from 'vitest';
import { objectsKind, observationsKind, relationsKind } from './kinds';
import { columnLabel, diffRows, extraStats, statLabel, statsInWords, valueText } from './preview-view';

describe('stats', () => {
  const stats = { created: 2, updated: 3, unchanged: 0, errors: 1, typesAdded: 2, metadataAdded: 4, locationChanged: 0, valuesReplaced: 5 };

  it('lists the counters beyond the main four that are not zero, ours in our order first', () => {
    expect(extraStats(stats)).toEqual([
      { key: 'metadataAdded', label: 'Metadata fields added', value: 4 },
      { key: 'typesAdded', label: 'Types added', value: 2 },
      { key: 'valuesReplaced', label: 'Values replaced', value: 5 },
    ]);
  });

  it('spells out a counter it does not know', () => {
    expect(statLabel('observationsWritten')).toBe('Observations written');
    expect(statLabel('errors')).toBe('Errors');
  });

  it('says what an import did in a line', () => {
    expect(statsInWords(stats)).toBe('2 created, 3 updated, 1 error, 4 metadata fields added, 2 types added, 5 values replaced');
    expect(statsInWords(null)).toBe('');
  });
});

describe('columnLabel', () => {
  const columns = [
    { index: 0, header: 'name' },
    { index: 1, header: 'depth' },
    { index: 2, header: 'depth' },
  ];
  it('names a column by its header, and says which when two share one', () => {
    expect(columnLabel(columns, 0)).toBe('name');
    expect(columnLabel(columns, 2)).toBe('depth (column 3)');
    expect(columnLabel(columns, 7)).toBe('Column 8');
  });
});

describe('diffRows', () => {
  it('marks what an object update adds, changes and removes', () => {
    const before = {
      title: 'Birch plot',
      metadata: { elevation: 420, soil: 'podzol' },
      geo: { type: 'Point', coordinates: [18.8, 68.35] },
      projects: ['tundra'],
      types: ['site'],
    };
    const after = { title: 'Birch plot', metadata: { elevation: 425, aspect: 'N' }, geo: null, projects: ['tundra', 'river'], types: ['site'] };
    expect(diffRows(before, after, objectsKind.describe)).toEqual([
      { label: 'Title', before: 'Birch plot', after: 'Birch plot', change: null },
      { label: 'Metadata: elevation', before: '420', after: '425', change: 'changed' },
      { label: 'Metadata: soil', before: 'podzol', after: null, change: 'removed' },
      { label: 'Location', before: '68.35, 18.8 (latitude, longitude)', after: null, change: 'removed' },
      { label: 'Projects', before: 'tundra', after: 'tundra, river', change: 'changed' },
      { label: 'Types', before: 'site', after: 'site', change: null },
      { label: 'Metadata: aspect', before: null, after: 'N', change: 'added' },
    ]);
  });

  it('shows a new object’s values as added', () => {
    const rows = diffRows(null, { title: 'New', metadata: {}, geo: null, projects: [], types: ['site'] }, objectsKind.describe);
    expect(rows).toEqual([
      { label: 'Title', before: null, after: 'New', change: 'added' },
      { label: 'Types', before: null, after: 'site', change: 'added' },
    ]);
  });

  it('compares a relation’s site and an observation’s values', () => {
    expect(diffRows({ site: null }, { site: 'abisko' }, relationsKind.describe)).toEqual([{ label: 'Site', before: null, after: 'abisko', change: 'added' }]);
    expect(
      diffRows(
        { time: '2024-06-01', values: { 'soil-ph': 5.2, snow: null } },
        { time: '2024-06-01', values: { 'soil-ph': 5.4, snow: true } },
        observationsKind.describe,
      ),
    ).toEqual([
      { label: 'Time', before: '2024-06-01', after: '2024-06-01', change: null },
      { label: 'soil-ph', before: '5.2', after: '5.4', change: 'changed' },
      { label: 'snow', before: null, after: 'yes', change: 'added' },
    ]);
  });

  it('writes values as text', () => {
    expect(valueText('=1+1')).toBe('=1+1');
    expect(valueText(0)).toBe('0');
    expect(valueText(false)).toBe('no');
    expect(valueText(['a'])).toBe('["a"]');
    expect(valueText(null)).toBeNull();
  });
});
