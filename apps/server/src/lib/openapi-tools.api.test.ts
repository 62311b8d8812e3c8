import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNote, buildObject, buildProject, buildUser, type TestUser } from '../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../test/harness.js';

/**
 * The OpenAPI document as the tools an API's users reach for read it: Redocly CLI's lint
 * (the rules in redocly.yaml), and a client whose types openapi-typescript generates from
 * the document, compiled and then run against the server on a port.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repository = path.resolve(here, '../../../..');
const require = createRequire(import.meta.url);
/** Runs the command `name` of the npm package whose package.json is `manifest`, with this Node. */
function runCli(manifest: string, name: string, args: string[], env?: NodeJS.ProcessEnv) {
  const bin = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin[name]!;
  return promisify(execFile)(process.execPath, [path.join(path.dirname(manifest), bin), ...args], { env, maxBuffer: 64 << 20 }).catch(
    (failure: { stdout: string }) => failure,
  );
}
const clientDir = path.resolve(here, '../../test/openapi-client');

/** client.ts's entry, as seen from here (its own types exist only once generated). */
type Tour = (
  baseUrl: string,
  account: { username: string; password: string },
  objectName: string,
) => Promise<{ titles: string[]; detail: { title: string }; note: { content: string }; notes: { notes: { content: string }[] } }>;

let t: TestApp;
let document: Record<string, unknown>;
let owner: TestUser;
let objectName: string;
let origin: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-tools-'));

beforeAll(async () => {
  t = await startTestApp();
  document = (await api(t.app, 'GET', '/openapi.json')).json();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  const project = await buildProject(t.app, owner, { title: unique('Client tour ') });
  objectName = (await buildObject(t.app, owner, { projects: [project.id] })).name;
  await buildNote(t.app, owner, objectName, { content: 'Set up the logger' });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('Redocly CLI', () => {
  /** Redocly's findings on a document, as `rule: message` lines. */
  async function lint(name: string, content: unknown) {
    const file = path.join(tmp, `${name}.json`);
    fs.writeFileSync(file, JSON.stringify(content));
    // Offline and quiet: no usage data, no update check.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    const args = ['lint', file, '--config', path.join(repository, 'redocly.yaml'), '--format', 'json'];
    const { stdout } = await runCli(require.resolve('@redocly/cli/package.json'), 'redocly', args, env);
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    return { problems: report.problems.map((p) => `${p.ruleId}: ${p.message}`), totals: report.totals };
  }

  it('lints the document with no error and no warning', async () => {
    const report = await lint('openapi', document);
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('lints the OGC API’s own OpenAPI 3.0 definition alike', async () => {
    const report = await lint('ogc', (await api(t.app, 'GET', '/ogc/api')).json());
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('turns off at most three rules, each with the reason beside it', () => {
    const config = fs.readFileSync(path.join(repository, 'redocly.yaml'), 'utf8');
    const off = [...config.matchAll(/^ {2}([\w.-]+): off$/gm)].map((m) => m[1]!);
    expect(off.length).toBeLessThanOrEqual(3);
    for (const rule of off) expect(config, rule).toMatch(new RegExp(`# [^\\n]+\\n(?:\\s+#[^\\n]*\\n)* {2}${rule.replaceAll('.', '\\.')}: off`));
  });
});

describe('a client generated with openapi-typescript', () => {
  it('compiles against the generated types, and lists projects, reads one, signs in and writes a note', async () => {
    fs.mkdirSync(path.join(clientDir, 'generated'), { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'generated/openapi.d.ts'), astToString(await openapiTS(document as never)));
    // The type check: wrong fields and bodies (marked @ts-expect-error) must be refused, right ones accepted.
    const compiled = await runCli(require.resolve('typescript/package.json'), 'tsc', ['-p', path.join(clientDir, 'tsconfig.json')]);
    expect(compiled.stdout).toBe('');

    const entry = path.join(clientDir, 'client.ts');
    const { tour } = (await import(/* @vite-ignore */ entry)) as { tour: Tour };
    const result = await tour(origin, owner, objectName);

    const titles = (await api(t.app, 'GET', '/projects?sort=title')).json().projects.map((p: { title: string }) => p.title);
    expect(result.titles).toEqual(titles);
    expect(result.detail.title).toBe(titles[0]);
    expect(result.note).toMatchObject({ content: 'Logger read out; battery at 60 %', author: { id: owner.personId } });
    expect(result.notes.notes.map((n) => n.content).sort()).toEqual(['Logger read out; battery at 60 %', 'Set up the logger']);
  }, 120_000);
});
