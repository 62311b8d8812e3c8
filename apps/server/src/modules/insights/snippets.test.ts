import { describe, expect, it } from 'vitest';
import { MATCH_END as E, MATCH_START as S } from './repo.js';
import { highlighted, searchable } from './snippets.js';

describe('snippets', () => {
  it('answer the text without its marks, and the marked stretches as ranges', () => {
    expect(highlighted(`Pollen ${S}cores${E} from ${S}lake${E} sediments`)).toEqual({
      snippet: 'Pollen cores from lake sediments',
      highlights: [
        [7, 12],
        [18, 22],
      ],
    });
    expect(highlighted('no match here')).toEqual({ snippet: 'no match here', highlights: [] });
  });

  it('keep markup in the text as text: ranges, never HTML', () => {
    const { snippet, highlights } = highlighted(`${S}<img src=x onerror=alert(1)>${E}`);
    expect(snippet).toBe('<img src=x onerror=alert(1)>');
    expect(highlights).toEqual([[0, 28]]);
  });

  it('store no control character a writer could pass off as a mark', () => {
    expect(searchable(`a${S}b${E}c\nd\te`)).toBe('a b c\nd e');
  });
});
