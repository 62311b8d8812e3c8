import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { snippetPieces } from './highlight';
import { Highlighted } from './Highlighted';

afterEach(cleanup);

describe('snippet highlights', () => {
  it('cuts the text at the ranges into plain and marked pieces', () => {
    expect(
      snippetPieces('the soil was wet', [
        [4, 8],
        [13, 16],
      ]),
    ).toEqual([
      { text: 'the ', mark: false },
      { text: 'soil', mark: true },
      { text: ' was ', mark: false },
      { text: 'wet', mark: true },
    ]);
    expect(snippetPieces('moss', [[0, 4]])).toEqual([{ text: 'moss', mark: true }]);
    expect(snippetPieces('moss', [])).toEqual([{ text: 'moss', mark: false }]);
    expect(snippetPieces('', [[0, 2]])).toEqual([]);
  });

  it('sorts, merges overlapping ranges, clamps them to the text and ignores empty or reversed ones', () => {
    expect(
      snippetPieces('abcdefghij', [
        [6, 8],
        [1, 3],
        [2, 4],
        [9, 50],
        [5, 5],
        [7, 6],
        [-4, 0],
      ]),
    ).toEqual([
      { text: 'a', mark: false },
      { text: 'bcd', mark: true },
      { text: 'ef', mark: false },
      { text: 'gh', mark: true },
      { text: 'i', mark: false },
      { text: 'j', mark: true },
    ]);
  });

  it('renders marks as <mark> and markup in the text as text', () => {
    const text = 'before <img src=x onerror=alert(1)> after';
    const { container } = render(<Highlighted text={text} ranges={[[7, 35]]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe(text);
    const marks = container.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(marks[0]!.children).toHaveLength(0);
  });
});
