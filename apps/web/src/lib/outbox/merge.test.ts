import { describe, expect, it } from 'vitest';
import { compareEdit, defaultChoices, mergedBody } from './merge';

const base = { title: 'Ridge', visibility: 'public', metadata: { depth: 4, soil: 'peat', notes: 'old' } };

describe('a queued edit against the server now', () => {
  it('lists only what the user changed, metadata field by field, and marks what the server changed too', () => {
    const mine = { title: 'Ridge north', metadata: { depth: 5, soil: 'peat' } };
    const theirs = { title: 'Ridge (NE)', visibility: 'members', metadata: { depth: 4, soil: 'clay', notes: 'old' } };
    expect(compareEdit(mine, base, theirs)).toEqual([
      { key: 'title', base: 'Ridge', mine: 'Ridge north', theirs: 'Ridge (NE)', both: true },
      { key: 'metadata.depth', base: 4, mine: 5, theirs: 4, both: false },
      { key: 'metadata.notes', base: 'old', mine: undefined, theirs: 'old', both: false },
    ]);
  });

  it('merges on top of the server: its own changes stay, the user keeps what they choose', () => {
    const mine = { title: 'Ridge north', metadata: { depth: 5, soil: 'peat' } };
    const theirs = { title: 'Ridge (NE)', visibility: 'members', metadata: { depth: 4, soil: 'clay', notes: 'old', ph: 6 } };
    const compared = compareEdit(mine, base, theirs);
    expect(mergedBody(compared, defaultChoices(compared), theirs)).toEqual({ title: 'Ridge north', metadata: { depth: 5, soil: 'clay', ph: 6 } });
    expect(mergedBody(compared, { ...defaultChoices(compared), title: 'theirs', 'metadata.notes': 'theirs' }, theirs)).toEqual({
      title: 'Ridge (NE)',
      metadata: { depth: 5, soil: 'clay', notes: 'old', ph: 6 },
    });
  });

  it('counts a change the server made the same way as no disagreement', () => {
    const compared = compareEdit({ title: 'Ridge north' }, base, { ...base, title: 'Ridge north' });
    expect(compared).toEqual([{ key: 'title', base: 'Ridge', mine: 'Ridge north', theirs: 'Ridge north', both: false }]);
  });
});
