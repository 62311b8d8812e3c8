import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_SAMPLE, type AssetDetail, type ProseMirrorDoc } from '@observatory/shared';
import RichTextEditor from './RichTextEditor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor(value: ProseMirrorDoc | null) {
  const onChange = vi.fn();
  const onUnreadable = vi.fn();
  render(
    <MantineProvider env="test">
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
    const stored = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Measured at 4 m', marks: [{ type: 'highlight' }] }] }],
    } as unknown as ProseMirrorDoc;
    const { onUnreadable, onChange } = renderEditor(stored);
    expect(screen.getByText('This text cannot be opened in the editor')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Documentation (read-only)' }).textContent).toContain('Measured at 4 m');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(onUnreadable).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });
});

const para = (text: string) => ({ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] });
const lastDoc = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)![0] as ProseMirrorDoc;

describe('the toolbar', () => {
  it('inserts a 3 × 3 table with a header row, and offers its rows and columns only inside it', async () => {
    const { onChange } = renderEditor({ type: 'doc', content: [para('Readings')] });
    expect(screen.queryByRole('group', { name: 'Table' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Insert table' }));
    const table = lastDoc(onChange).content!.find((b) => b.type === 'table');
    expect(table?.type === 'table' && table.content.map((row) => row.content.map((cell) => cell.type))).toEqual([
      ['tableHeader', 'tableHeader', 'tableHeader'],
      ['tableCell', 'tableCell', 'tableCell'],
      ['tableCell', 'tableCell', 'tableCell'],
    ]);
    const group = await screen.findByRole('group', { name: 'Table' });
    expect([...group.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))).toEqual([
      'Add row before',
      'Add row after',
      'Delete row',
      'Add column before',
      'Add column after',
      'Delete column',
      'Delete table',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Add row after' }));
    const grown = lastDoc(onChange).content!.find((b) => b.type === 'table');
    expect(grown?.type === 'table' && grown.content).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Delete table' }));
    expect(lastDoc(onChange).content!.some((b) => b.type === 'table')).toBe(false);
  });

  it('sets text apart as a callout of the chosen tone, by keyboard', async () => {
    const { onChange } = renderEditor({ type: 'doc', content: [para('Weigh the cores first')] });
    screen.getByRole('button', { name: 'Insert callout' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Warning' }));
    expect(lastDoc(onChange).content).toEqual([{ type: 'callout', attrs: { tone: 'warning' }, content: [para('Weigh the cores first')] }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Change the callout' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Tip' }));
    expect(lastDoc(onChange).content![0]).toMatchObject({ type: 'callout', attrs: { tone: 'tip' } });
  });

  it('uploads a chosen image, inserts it by its asset, and takes its description', async () => {
    const asset = '0b9e6f5c-2d1a-4e3b-8c7d-6f5e4d3c2b1a';
    const sent = stubUpload(asset);
    const { onChange } = renderEditor({ type: 'doc', content: [para('A core')] });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'core.png', { type: 'image/png' });
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    const alt = await screen.findByRole('textbox', { name: 'Image description (alt text)' });
    expect(sent).toEqual([{ method: 'POST', url: '/api/v1/assets', file: 'core.png' }]);
    await waitFor(() => expect(document.activeElement).toBe(alt));
    expect(lastDoc(onChange).content).toContainEqual({ type: 'image', attrs: { asset, alt: '' } });
    await userEvent.type(alt, 'A soil core{Enter}');
    expect(lastDoc(onChange).content).toContainEqual({ type: 'image', attrs: { asset, alt: 'A soil core' } });
    expect(screen.getByRole('textbox', { name: 'Documentation' }).querySelector('img')?.getAttribute('src')).toBe(`/api/v1/assets/${asset}/400`);
  });

  it('keeps an image description pasted past its limit whole, said at its field and above the text', async () => {
    const asset = '0b9e6f5c-2d1a-4e3b-8c7d-6f5e4d3c2b1a';
    stubUpload(asset);
    // Held by its form, as the pages hold it: the editor is given each change back.
    const onChange = vi.fn();
    function Held() {
      const [doc, setDoc] = useState<ProseMirrorDoc | null>({ type: 'doc', content: [para('A core')] });
      return <RichTextEditor label="Documentation" value={doc} onChange={(next) => (onChange(next), setDoc(next))} onUnreadable={() => {}} />;
    }
    render(
      <MantineProvider env="test">
        <Held />
      </MantineProvider>,
    );
    await userEvent.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array([0x89])], 'core.png', { type: 'image/png' }),
    );
    const alt = await screen.findByRole('textbox', { name: 'Image description (alt text)' });
    await waitFor(() => expect(document.activeElement).toBe(alt));
    await userEvent.paste('d'.repeat(612));
    expect((alt as HTMLInputElement).value).toHaveLength(612);
    expect(lastDoc(onChange).content).toContainEqual({ type: 'image', attrs: { asset, alt: 'd'.repeat(612) } });
    expect(alt.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('612 characters: at most 500')).toBeTruthy();
    expect(screen.getByText('The description of image 1 is 612 characters: at most 500. Select the image to shorten it.')).toBeTruthy();
  });

  it('says why an upload was refused, inserting nothing', async () => {
    stubUpload(null);
    const { onChange } = renderEditor({ type: 'doc', content: [para('A core')] });
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['notes'], 'notes.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The file is not an image we accept');
    expect(onChange).not.toHaveBeenCalled();
  });
});

/** The upload (an XMLHttpRequest, for its progress): answers the asset, or a 415 when `asset` is null. */
function stubUpload(asset: string | null) {
  const sent: { method: string; url: string; file: string | undefined }[] = [];
  class FakeRequest {
    status = 0;
    statusText = '';
    responseText = '';
    upload = { addEventListener: () => undefined };
    private listeners: Record<string, () => void> = {};
    private target = { method: '', url: '' };
    open(method: string, url: string) {
      this.target = { method, url };
    }
    setRequestHeader() {}
    addEventListener(event: string, listener: () => void) {
      this.listeners[event] = listener;
    }
    send(form: FormData) {
      sent.push({ ...this.target, file: (form.get('file') as File | null)?.name });
      if (asset) {
        this.status = 201;
        this.responseText = JSON.stringify(uploaded(asset));
      } else {
        this.status = 415;
        this.responseText = JSON.stringify({
          error: 'The file is not an image we accept: send a JPEG, PNG or WebP image',
          code: 'UNSUPPORTED_MEDIA_TYPE',
          details: [{ field: 'file', message: 'Accepted types: image/jpeg, image/png, image/webp' }],
        });
      }
      setTimeout(() => this.listeners.load?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

const uploaded = (id: string): AssetDetail => ({
  asset: {
    id,
    fileName: 'core.png',
    mediaType: 'image/png',
    size: 4,
    width: 800,
    height: 600,
    image: { id, url: `/api/v1/assets/${id}/400`, thumbUrl: `/api/v1/assets/${id}/96`, largeUrl: `/api/v1/assets/${id}/1600` },
    owner: { username: 'ada' },
    createdAt: '2026-03-04T10:00:00Z',
  },
  usages: [],
  hiddenUsages: 0,
  permissions: ['view', 'delete'],
});
