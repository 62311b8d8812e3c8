import { cleanup, render } from '@testing-library/react';
import type { CitationRun } from '@observatory/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { CitationText } from './CitationText';

afterEach(cleanup);

const runs: CitationRun[] = [
  { text: 'Dietze, M. C. (2018). Iterative forecasting. ' },
  { text: 'Ecological Applications', italic: true },
  { text: ', ' },
  { text: '28', italic: true, bold: true },
  { text: '(3), 632. <b>x</b><img src=x onerror=alert(1)> ' },
  { text: 'th', sup: true },
  { text: '2', sub: true },
  { text: 'Dietze', smallCaps: true },
];

describe('CitationText', () => {
  it('renders styled runs as elements: italic in <em>, bold in <strong>, sup, sub and small capitals', () => {
    const { container } = render(
      <p>
        <CitationText runs={runs} />
      </p>,
    );
    const italic = [...container.querySelectorAll('em')].map((e) => e.textContent);
    expect(italic).toEqual(['Ecological Applications', '28']);
    expect(container.querySelector('em strong')?.textContent).toBe('28');
    expect(container.querySelector('sup')?.textContent).toBe('th');
    expect(container.querySelector('sub')?.textContent).toBe('2');
    const caps = [...container.querySelectorAll('span')].find((s) => s.style.fontVariant === 'small-caps');
    expect(caps?.textContent).toBe('Dietze');
    // Plain runs are text, not wrapped.
    expect(container.querySelector('p')!.firstChild?.nodeType).toBe(Node.TEXT_NODE);
  });

  it('never reads a run’s text as HTML', () => {
    const { container } = render(
      <p>
        <CitationText runs={runs} />
      </p>,
    );
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<b>x</b><img src=x onerror=alert(1)>');
    expect(container.textContent).toBe(runs.map((r) => r.text).join(''));
  });
});
