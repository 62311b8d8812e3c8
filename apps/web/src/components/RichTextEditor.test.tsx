import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_SAMPLE, type ProseMirrorDoc } from '@observatory/shared';
import RichTextEditor from './RichTextEditor';

afterEach(cleanup);

function renderEditor(value: ProseMirrorDoc | null) {
  const onChange = vi.fn();
  const onUnreadable = vi.fn();
  render(
    <MantineProvider>
      <RichTextEditor label="Documentation" value={value} onChange={onChange} onUnreadable={onUnreadable} />
    </MantineProvider>,
  );
  return { onChange, onUnreadable };
}

describe('RichTextEditor', () => {
  it('opens a stored document for editing, sub- and superscripts included', () => {
    const { onUnreadable, onChange } = renderEditor(DOCUMENT_SAMPLE);
    const box = screen.getByRole('textbox', { name: 'Documentation' });
    expect(box.querySelector('sub')?.textContent).toBe('2');
    expect(box.querySelector('sup')?.textContent).toBe('2');
    expect(onUnreadable).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a document it cannot read as read-only, says so, and tells the form', () => {
    const stored = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Measured at 4 m', marks: [{ type: 'highlight' }] }] }] } as unknown as ProseMirrorDoc;
    const { onUnreadable, onChange } = renderEditor(stored);
    expect(screen.getByText('This text cannot be opened in the editor')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Documentation (read-only)' }).textContent).toContain('Measured at 4 m');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(onUnreadable).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });
});
