import { describe, expect, it } from 'vitest';
import { isAppPath, isInternalPath, isSafeHref, isServerPath, isWebUrl } from './links.js';
import { shortlinkTargetProblem } from './shortlinks.js';

describe('links', () => {
  it('takes paths of this site, never another host through a path-relative trick', () => {
    for (const ok of ['/', '/doc/guide', '/pubs?year=2024#top', '/data/abisko%20birch']) expect(isInternalPath(ok), ok).toBe(true);
    for (const bad of ['//evil.example', '/\\evil.example', '/a\\b', 'doc/guide', '/a b', '/a\u0000', '/a\tb', ''])
      expect(isInternalPath(bad), bad).toBe(false);
  });

  it('tells the paths the server answers (shortlinks, the API) from the web app’s', () => {
    for (const path of ['/s/guide', '/s', '/api/v1/openapi.json', '/api']) expect([isServerPath(path), isAppPath(path)], path).toEqual([true, false]);
    for (const path of ['/sandbox', '/search', '/apis', '/doc/api', '/doc/s/x']) expect([isServerPath(path), isAppPath(path)], path).toEqual([false, true]);
  });

  it('takes http(s) addresses with a host, not other schemes or user names', () => {
    for (const ok of ['https://example.org', 'http://localhost:3000/x?y=1', 'https://doi.org/10.1038/sdata.2016.18']) expect(isWebUrl(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'https://user:pw@evil.example', 'https://', 'ftp://example.org', 'https://exa mple.org'])
      expect(isWebUrl(bad), bad).toBe(false);
  });

  it('lets documents link to web pages, mail and paths of this site', () => {
    expect(isSafeHref('mailto:data@example.org')).toBe(true);
    expect(isSafeHref('/doc/guide/map')).toBe(true);
    expect(isSafeHref('javascript:alert(1)')).toBe(false);
    expect(isSafeHref('//evil.example')).toBe(false);
  });

  it('names why a shortlink target is refused', () => {
    expect(shortlinkTargetProblem('/pubs')).toBeNull();
    expect(shortlinkTargetProblem('https://example.org/a')).toBeNull();
    expect(shortlinkTargetProblem('//evil.example')).toMatch(/one slash/);
    expect(shortlinkTargetProblem('javascript:alert(1)')).toMatch(/http/);
    expect(shortlinkTargetProblem('')).toMatch(/needs a target/);
    // Round in circles: itself, or another shortlink.
    for (const loop of ['/s/guide', '/s', '/s?x=1']) expect(shortlinkTargetProblem(loop), loop).toMatch(/another shortlink/);
    expect(shortlinkTargetProblem('/sandbox')).toBeNull();
  });
});
