import { FileButton, Loader, Menu, VisuallyHidden } from '@mantine/core';
import { RichTextEditor as Editor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconAlertTriangle, IconBulb, IconInfoCircle, IconMessage2, IconPhoto, IconTablePlus, IconX } from '@tabler/icons-react';
import { NodeSelection } from '@tiptap/pm/state';
import { useEditorState, type Editor as TiptapEditor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { DOCUMENT_NODES, IMAGE_MEDIA_TYPES, type AssetDetail, type CalloutTone } from '@observatory/shared';
import { api } from '../lib/api-client';
import { FormError } from './FormError';
import { LimitedTextInput } from './LimitedInput';
import { rememberImageUrl } from './rich-text-nodes';

const ICON = { size: 16, stroke: 1.5 } as const;

/** What the toolbar shows depends on where the cursor is: in a table, on an image, in a callout. */
export function useToolbarState(editor: TiptapEditor | null) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => {
      if (!e || e.isDestroyed) return { inTable: false, canInsertTable: false, image: null, calloutTone: null };
      const { selection } = e.state;
      const image =
        selection instanceof NodeSelection && selection.node.type.name === 'image'
          ? { pos: selection.from, asset: String(selection.node.attrs.asset), alt: String(selection.node.attrs.alt ?? '') }
          : null;
      return {
        inTable: e.isActive('table'),
        canInsertTable: e.can().insertTable({ rows: 3, cols: 3, withHeaderRow: true }),
        image,
        calloutTone: e.isActive('callout') ? (e.getAttributes('callout').tone as CalloutTone) : null,
      };
    },
  });
}

/** Inserts a table of 3 × 3 cells, the first row holding headers. */
export function InsertTableControl({ disabled }: { disabled: boolean }) {
  const { editor } = useRichTextEditorContext();
  return (
    <Editor.Control
      aria-label="Insert table"
      title="Insert table"
      disabled={disabled}
      onClick={() => editor?.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
    >
      <IconTablePlus {...ICON} />
    </Editor.Control>
  );
}

/** Rows and columns of the table the cursor is in; shown only there. */
export function TableControls() {
  return (
    <Editor.ControlsGroup role="group" aria-label="Table">
      <Editor.TableRowBefore />
      <Editor.TableRowAfter />
      <Editor.TableRowDelete />
      <Editor.TableColumnBefore />
      <Editor.TableColumnAfter />
      <Editor.TableColumnDelete />
      <Editor.TableDelete />
    </Editor.ControlsGroup>
  );
}

const TONES: { tone: CalloutTone; label: string; Icon: typeof IconInfoCircle }[] = [
  { tone: 'info', label: 'Note', Icon: IconInfoCircle },
  { tone: 'tip', label: 'Tip', Icon: IconBulb },
  { tone: 'warning', label: 'Warning', Icon: IconAlertTriangle },
];

/**
 * Sets the blocks at the cursor apart as a note, a tip or a warning; in a callout,
 * changes its tone or takes the blocks out of it.
 */
export function CalloutControl({ tone }: { tone: CalloutTone | null }) {
  const { editor } = useRichTextEditorContext();
  const choose = (chosen: CalloutTone) => {
    if (!editor) return;
    if (tone) {
      editor.chain().focus().updateAttributes('callout', { tone: chosen }).run();
      return;
    }
    const wrapped = editor.chain().focus().wrapIn('callout', { tone: chosen }).run();
    if (!wrapped)
      editor
        .chain()
        .focus()
        .insertContent({ type: 'callout', attrs: { tone: chosen }, content: [{ type: 'paragraph' }] })
        .run();
  };
  const label = tone ? 'Change the callout' : 'Insert callout';
  return (
    <Menu position="bottom-start" returnFocus={false} withinPortal>
      <Menu.Target>
        <Editor.Control aria-label={label} title={label} active={tone !== null}>
          <IconMessage2 {...ICON} />
        </Editor.Control>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{tone ? 'Callout' : 'Insert a callout'}</Menu.Label>
        {TONES.map(({ tone: t, label: name, Icon }) => (
          <Menu.Item key={t} leftSection={<Icon {...ICON} />} onClick={() => choose(t)} aria-current={t === tone || undefined}>
            {name}
            {t === tone ? <VisuallyHidden> (current)</VisuallyHidden> : null}
          </Menu.Item>
        ))}
        {tone ? (
          <Menu.Item leftSection={<IconX {...ICON} />} onClick={() => editor?.chain().focus().lift('callout').run()}>
            Remove the callout (keep its text)
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/** POST assets: an image for a document, not used by anything until a saved document names it. */
const uploadImage = (file: File, onProgress: (fraction: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  return api.postForm<AssetDetail>('/assets', form, onProgress);
};

/** Where an image of this asset stands in the document (the last one, just inserted), or -1. */
function imagePosition(editor: TiptapEditor, asset: string): number {
  let found = -1;
  editor.state.doc.descendants((node, pos) => {
    if (node.type.name === 'image' && node.attrs.asset === asset) found = pos;
  });
  return found;
}

/**
 * Uploads an image chosen from the device (JPEG, PNG or WebP) and inserts it at the
 * cursor, selected, so its description can be written next (`onInserted`).
 */
export function InsertImageControl({ onInserted }: { onInserted: (asset: string) => void }) {
  const { editor } = useRichTextEditorContext();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const resetRef = useRef<() => void>(null);

  async function insert(file: File | null) {
    resetRef.current?.();
    if (!file || !editor) return;
    setError(null);
    setProgress(0);
    try {
      const { asset } = await uploadImage(file, setProgress);
      if (asset.image) rememberImageUrl(asset.id, asset.image.url);
      if (editor.isDestroyed) return;
      // Not focused: the description field takes the focus next.
      editor
        .chain()
        .insertContent({ type: 'image', attrs: { asset: asset.id, alt: '' } })
        .run();
      const pos = imagePosition(editor, asset.id);
      if (pos >= 0) editor.commands.setNodeSelection(pos);
      onInserted(asset.id);
    } catch (err) {
      setError(err);
    } finally {
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  return (
    <>
      <FileButton accept={IMAGE_MEDIA_TYPES.join(',')} onChange={(file) => void insert(file)} resetRef={resetRef}>
        {(props) => (
          <Editor.Control {...props} aria-label="Insert image" title="Insert image (JPEG, PNG or WebP)" disabled={uploading}>
            {uploading ? <Loader size={14} /> : <IconPhoto {...ICON} />}
          </Editor.Control>
        )}
      </FileButton>
      <VisuallyHidden role="status">{uploading ? `Uploading the image: ${Math.round(progress * 100)}%` : ''}</VisuallyHidden>
      {error ? (
        <div style={{ flexBasis: '100%' }}>
          <FormError error={error} />
        </div>
      ) : null}
    </>
  );
}

/**
 * The description of the selected image, for readers who cannot see it, written into
 * the document as it is typed. Enter or Escape goes back to the text.
 */
export function ImageAltField({ image, autoFocus }: { image: { pos: number; alt: string }; autoFocus: boolean }) {
  const { editor } = useRichTextEditorContext();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);
  const setAlt = (alt: string) =>
    editor
      ?.chain()
      .command(({ tr }) => {
        tr.setNodeAttribute(image.pos, 'alt', alt);
        return true;
      })
      .run();
  return (
    <LimitedTextInput
      ref={inputRef}
      size="xs"
      px="sm"
      py="xs"
      label="Image description (alt text)"
      description="What the image shows, for readers who cannot see it. Leave empty only if it is decoration."
      value={image.alt}
      limit={DOCUMENT_NODES.image.attrs.alt.max}
      onChange={(event) => setAlt(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === 'Escape') {
          event.preventDefault();
          editor?.commands.focus();
        }
      }}
    />
  );
}
