import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ParsedPublication } from '@observatory/shared';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../test/harness.js';
import { BIBER, describeWithTool, PYBTEX, runTool } from '../../../test/tools.js';
import { DEMO_PUBLICATIONS } from '../../db/seed/demo-publications.js';

/**
 * The exports of the demo's publications, read by real readers: pybtex in strict mode,
 * biber's data-model check, and the catalogue's own RIS reader; and the demo's real BibTeX
 * file, pasted, saved and exported again, compared with its source field by field.
 */

const BIB_PATH = fileURLToPath(new URL('../../db/seed/files/efi_ecological_forecasting_refs.bib', import.meta.url));
const COMPARE = fileURLToPath(new URL('../../../test/tools/pybtex-compare.py', import.meta.url));

let t: TestApp;
let adder: TestUser;
let dir: string;
/** The demo's publications as exported, each format. */
const exported: Record<'bibtex' | 'ris', string> = { bibtex: '', ris: '' };

/** The demo's publications as its seed adds them: the real file pasted and saved after its preview, then the projects' own (no people or projects here). */
beforeAll(async () => {
  t = await startTestApp();
  adder = await buildUser(t.app);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publication-exports-'));
  const parsed = await api(t.app, 'POST', '/pubs/parse', { token: adder.token, body: { text: fs.readFileSync(BIB_PATH, 'utf8'), format: 'bibtex' } });
  const real = parsed.json().entries.map((e: { publication: ParsedPublication }) => e.publication);
  const own = DEMO_PUBLICATIONS.map(({ publication }) => ({ ...publication, authors: (publication.authors ?? []).map((a) => ({ name: a.name })) }));
  for (const publications of [real, own]) {
    const saved = await api(t.app, 'POST', '/pubs/import', { token: adder.token, body: { publications } });
    expect(saved.statusCode, saved.body.slice(0, 500)).toBe(201);
  }
  for (const format of ['bibtex', 'ris'] as const) {
    const file = await api(t.app, 'GET', `/pubs/export?format=${format}`);
    expect(file.statusCode).toBe(200);
    exported[format] = file.body;
  }
  fs.writeFileSync(path.join(dir, 'demo.bib'), exported.bibtex);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ENTRIES = 42 + DEMO_PUBLICATIONS.length;

describeWithTool(PYBTEX, 'the BibTeX export, read by pybtex in strict mode', () => {
  it('reads every entry of the demo, each under its own key whatever the case', () => {
    const read = runTool(PYBTEX.command, [
      '-c',
      'import sys; from pybtex.database import parse_file; from pybtex.errors import set_strict_mode; set_strict_mode(True); print("\\n".join(parse_file(sys.argv[1]).entries.keys()))',
      path.join(dir, 'demo.bib'),
    ]);
    expect(read.status, read.stderr).toBe(0);
    const keys = read.stdout.trim().split('\n');
    expect(keys).toHaveLength(ENTRIES);
    expect(new Set(keys.map((k) => k.toLowerCase())).size).toBe(ENTRIES);
    // Stored keys kept as they are, dashes included.
    expect(keys).toEqual(expect.arrayContaining(['ohara-wild_fable_2021', 'auger-methe_guide_2021', 'ohara-wild_distributional_2022']));
  });

  it('gives back the real file as it came: every entry and field of the source, up to the documented equivalences', () => {
    const compared = runTool(PYBTEX.command, [COMPARE, BIB_PATH, path.join(dir, 'demo.bib')]);
    expect(compared.status, compared.stderr).toBe(0);
    const report = JSON.parse(compared.stdout) as { entries: number; entriesKept: number; fields: number; fieldsKept: number; differences: unknown[] };
    console.info(
      `Round trip of efi_ecological_forecasting_refs.bib: ${report.entriesKept} of ${report.entries} entries and ${report.fieldsKept} of ${report.fields} fields kept`,
    );
    expect(report.differences).toEqual([]);
    expect(report).toMatchObject({ entries: 42, entriesKept: 42, fields: 525, fieldsKept: 525 });
  });
});

describeWithTool(BIBER, 'the BibTeX export, checked by biber against biblatex’s data model', () => {
  /** Warnings on fields the catalogue has no column for (kept in extra, or not known): by field, how many. */
  const FROM_EXTRA = {
    // Zotero's fields that biblatex does not have, kept as the source wrote them.
    copyright: 14,
    pmid: 2,
    // Two ISSNs in one field ("0027-8424, 1091-6490") where biblatex wants one.
    issn: 5,
    // iso_2019: a @misc whose venue the source put in `journal` (journaltitle to biber), kept as written.
    journaltitle: 1,
    // The demo's two theses: biblatex wants their kind (phdthesis, mathesis...), which the catalogue does not know.
    type: 2,
    // The demo's chapter: biblatex wants the book's editors, which the catalogue does not know.
    editor: 1,
  };

  it('warns of nothing the catalogue writes from its columns; the fields of extra it warns of are these', () => {
    const checked = runTool(BIBER.command, ['--tool', '--validate-datamodel', '--input-directory', dir, '--output-directory', dir, 'demo.bib']);
    expect(checked.status, checked.stderr).toBe(0);
    const warnings = checked.stdout.split('\n').filter((line) => line.startsWith('WARN'));
    const fieldOf = (warning: string) => /field '(\w+)'/i.exec(warning)?.[1] ?? null;
    // A value of the source that is no number where biblatex wants one: the volume of thomas_ecological_2021 ("10.5281/zenodo.4780155").
    const sourceValues = warnings.filter((w) => /Invalid value of field 'volume' must be datatype 'integer'/.test(w));
    expect(sourceValues).toEqual([expect.stringContaining("Entry 'thomas_ecological_2021'")]);
    const rest = warnings.filter((w) => !sourceValues.includes(w));
    const counts: Record<string, number> = {};
    for (const w of rest) counts[fieldOf(w) ?? w] = (counts[fieldOf(w) ?? w] ?? 0) + 1;
    console.info(`biber --validate-datamodel on the demo's export: ${warnings.length} warnings, ${JSON.stringify(counts)} and the volume of the source`);
    expect(counts).toEqual(FROM_EXTRA);
    expect(rest.filter((w) => /Missing mandatory/.test(w))).toHaveLength(3);
  });
});

it('writes RIS one line per tag with CRLF, and reads it back as exported', async () => {
  const ris = exported.ris;
  expect(ris.endsWith('ER  - \r\n\r\n')).toBe(true);
  const lines = ris.split('\r\n').slice(0, -1);
  for (const line of lines) expect(line, JSON.stringify(line)).toMatch(/^(?:[A-Z][A-Z0-9] {2}- .*|)$/);
  expect(ris.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const ids = lines.filter((l) => l.startsWith('ID  - ')).map((l) => l.slice(6));
  expect(ids).toHaveLength(ENTRIES);
  for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{1,20}$/);
  expect(new Set(ids.map((id) => id.toLowerCase())).size).toBe(ENTRIES);

  const back = await api(t.app, 'POST', '/pubs/parse', { token: adder.token, body: { text: ris } });
  expect(back.statusCode).toBe(200);
  const entries = back.json().entries as { key: string; error: string | null; publication: ParsedPublication }[];
  expect(entries.filter((e) => e.error)).toEqual([]);
  const listed = (await api(t.app, 'GET', `/pubs/export?format=csl`)).json() as { id: string; title: string }[];
  expect(entries.map((e) => e.publication.title)).toEqual(listed.map((p) => p.title));
  const bibKeys = [...exported.bibtex.matchAll(/^@\w+\{([^,]+),$/gm)].map((m) => m[1]);
  expect(entries.map((e) => e.key)).toEqual(bibKeys);
  // Each read back as stored: every column.
  for (let page = 1; page <= Math.ceil(ENTRIES / 25); page++) {
    for (const { slug } of (await api(t.app, 'GET', `/pubs?p=${page}`)).json().publications as { slug: string }[]) {
      const { publication, abstract } = (await api(t.app, 'GET', `/pubs/${slug}`)).json();
      const read = entries.find((e) => e.publication.title === publication.title && e.publication.year === publication.year)!.publication;
      expect(read, publication.title).toMatchObject({
        type: publication.type,
        authors: publication.authors.map((a: { name: string }) => ({ name: a.name })),
        venue: publication.venue,
        volume: publication.volume,
        issue: publication.issue,
        pages: publication.pages,
        doi: publication.doi,
        url: publication.url,
        abstract,
        keywords: publication.keywords,
        ...(publication.citationKey ? { citationKey: publication.citationKey } : {}),
      });
    }
  }
});
