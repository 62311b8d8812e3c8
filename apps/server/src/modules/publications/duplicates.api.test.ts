import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

/**
 * A paste's entries that are most likely stored publications, found without a DOI: by
 * citation key, or by title (any case, braces, accents), year and first author.
 */

let t: TestApp;
let adder: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  adder = await buildUser(t.app);
  other = await buildUser(t.app);
});
afterAll(() => t.close());

interface Entry {
  index: number;
  duplicate: { id: string; slug: string; title: string; match: string } | null;
  repeats: number | null;
  publication: { title: string } | null;
}
const parse = async (who: TestUser | null, text: string) => {
  const res = await api(t.app, 'POST', '/pubs/parse', { ...(who ? { token: who.token } : {}), body: { text } });
  return res;
};
const entriesOf = async (text: string) => {
  const res = await parse(other, text);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries as Entry[];
};

describe('POST /pubs/parse: likely duplicates without a DOI', () => {
  it('finds a stored book with no DOI by its title, year and first author, however the paste spells them', async () => {
    // The entry as the demo's real BibTeX file has it (this test file has a database of its own).
    const [word, key] = ['Forecasting', 'dietze_ecological_2017'];
    const bib = `@book{${key},\n\taddress = {Princeton},\n\ttitle = {Ecological {${word}}},\n\tpublisher = {Princeton University Press},\n\tauthor = {Dietze, M.C.},\n\tyear = {2017},\n\tkeywords = {Concepts},\n}\n`;
    const first = await parse(adder, bib);
    const saved = await api(t.app, 'POST', '/pubs/import', { token: adder.token, body: { publications: [first.json().entries[0].publication] } });
    expect(saved.statusCode, saved.body).toBe(201);
    const stored = saved.json().publications[0];

    // The same work as RIS, another key, the title in capitals with an accent, the author as "Given Family".
    const ris = ['TY  - BOOK', `TI  - ECOLOGICAL ${word.toUpperCase()}`, 'AU  - Michael C. Dietze', 'PY  - 2017', 'ER  - ', ''].join('\r\n');
    const [fromRis] = await entriesOf(ris);
    expect(fromRis!.duplicate).toEqual({ id: stored.id, slug: stored.slug, title: stored.title, match: 'work' });

    // As CSL-JSON with the same citation key but a shortened title: the key says it.
    const csl = JSON.stringify([{ id: key, type: 'book', title: 'Ecological', author: [{ family: 'Dietze' }], issued: { 'date-parts': [[2017]] } }]);
    const [fromCsl] = await entriesOf(csl);
    expect(fromCsl!.duplicate).toMatchObject({ id: stored.id, match: 'citationKey' });

    // Another year, another first author: not the same work.
    const [later] = await entriesOf(bib.replace(key, `${key}x`).replace('year = {2017}', 'year = {2023}'));
    expect(later!.duplicate).toBeNull();
    const [otherAuthor] = await entriesOf(bib.replace(key, `${key}y`).replace('Dietze, M.C.', 'Fox, Andrew'));
    expect(otherAuthor!.duplicate).toBeNull();
  });

  it('says when an entry repeats an earlier one of the same paste', async () => {
    const title = unique('Soil respiration at the treeline ');
    const bib = [
      `@article{a1, title = {${title}}, author = {Körner, Christian}, year = {2019}, journal = {Oikos}}`,
      `@article{b2, title = {Another study}, author = {Körner, Christian}, year = {2019}, journal = {Oikos}}`,
      `@article{a1again, title = {${title.toUpperCase()}.}, author = {Christian Korner}, year = {2019}, journal = {Oikos}}`,
    ].join('\n');
    const entries = await entriesOf(bib);
    expect(entries.map((e) => e.repeats)).toEqual([null, null, 0]);
    expect(entries.every((e) => e.duplicate === null)).toBe(true);
  });

  it('answers 401 to a visitor and 400 naming the field for an empty paste, finding nothing', async () => {
    expect((await parse(null, '@book{x, title={X}, year={2017}}')).statusCode).toBe(401);
    const empty = await parse(adder, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('body.text');
  });
});
