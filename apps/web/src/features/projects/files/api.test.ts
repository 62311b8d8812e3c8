import { describe, expect, it } from 'vitest';
import type { ProjectDetail } from '@observatory/shared';
import { formatBytes, withNewVersion } from './api';

describe('formatBytes', () => {
  it('counts in 1024s, as the server’s size limit does', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(104_857_600)).toBe('100 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
    expect(formatBytes(2 * 1024 ** 5)).toBe('2,048 TB');
  });
});

describe('a new version', () => {
  it('goes to the front of its file’s version list, other files untouched', () => {
    const v = (version: number) => ({
      version,
      fileName: `v${version}.csv`,
      mediaType: 'text/csv',
      size: 1,
      sha256: 'x',
      createdAt: '2026-01-01T00:00:00Z',
      author: null,
    });
    const file = (id: string, versions: number[]) => ({ id, name: id, description: null, createdAt: '2026-01-01T00:00:00Z', versions: versions.map(v) });
    const detail = { files: [file('a', [2, 1]), file('b', [1])] } as unknown as ProjectDetail;
    const next = withNewVersion(detail, 'a', v(3));
    expect(next.files[0]!.versions.map((x) => x.version)).toEqual([3, 2, 1]);
    expect(next.files[1]).toBe(detail.files[1]);
  });
});
