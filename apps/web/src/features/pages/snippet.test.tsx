import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Snippet, snippetRuns } from './snippet';

afterEach(cleanup);

describe('snippetRuns', () => {
  it('splits a snippet into matches and the words around them', () => {
    expect(snippetRuns('Choose «import» under Site Admin, then «import» again')).toEqual([
      { text: 'Choose ', match: false },
      { text: 'import', match: true },
      { text: ' under Site Admin, then ', match: false },
      { text: 'import', match: true },
      { text: ' again', match: false },
    ]);
  });

  it('keeps a marker without its partner as text, and drops empty matches', () => {
    expect(snippetRuns('a » stray and « open')).toEqual([{ text: 'a » stray and « open', match: false }]);
    expect(snippetRuns('«»x')).toEqual([{ text: 'x', match: false }]);
    expect(snippetRuns('')).toEqual([]);
  });
});

describe('Snippet', () => {
  it('marks the matches with <mark>', () => {
    const { container } = render(<Snippet snippet="Files from «CSV», TSV or «Excel»" />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['CSV', 'Excel']);
    expect(container.textContent).toBe('Files from CSV, TSV or Excel');
  });

  it('shows markup in the text as text, never as HTML', () => {
    const { container } = render(<Snippet snippet={'<img src=x onerror="alert(1)"> «<b>bold</b>»'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('<b>bold</b>');
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> <b>bold</b>');
  });
});
