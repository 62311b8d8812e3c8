import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One layout for every module (CONTRIBUTING.md): routes.ts -> service.ts -> repo.ts, an
// index.ts facade, a sub-resource with routes or a repo of its own in a folder holding the
// same three, and test files named for their tier.
const root = import.meta.dirname;
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.relative(root, path.join(dir, e.name))]));
const modules = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const all = modules.flatMap((m) => files(path.join(root, m)));

describe('the modules’ layout', () => {
  it('gives every module an index.ts, its face to the others', () => {
    expect(modules.filter((m) => !fs.existsSync(path.join(root, m, 'index.ts')))).toEqual([]);
  });

  it('has no prefixed routes, services or repos: a sub-resource is a folder', () => {
    expect(all.filter((f) => /[^/]\.(routes|service|repo)\.ts$/.test(path.basename(f)))).toEqual([]);
  });

  it('names test files by tier: x.test.ts (no database) or x.api.test.ts', () => {
    const tests = all.filter((f) => f.includes('.test.'));
    expect(tests.filter((f) => !/\.(api\.)?test\.ts$/.test(f))).toEqual([]);
    // A unit test reads no database: one that starts the app is an API test.
    const unitWithApp = tests.filter((f) => !f.endsWith('.api.test.ts') && /startTestApp|openTestDatabase/.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(unitWithApp).toEqual([]);
  });
});
