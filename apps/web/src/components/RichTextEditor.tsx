import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor as Editor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { isSafeHref, type ProseMirrorDoc } from '@observatory/shared';

export interface RichTextEditorProps {
  label: string;
  description?: string;
  value: ProseMirrorDoc | null;
  onChange: (doc: ProseMirrorDoc | null) => void;
}

/**
 * The rich-text editor of every document (TipTap): headings, lists, quotes, code and
 * links, limited to what the server's document allowlist accepts. An empty document is null.
 * Loaded lazily: TipTap stays out of the first visit.
 */
export default function RichTextEditor({ label, description, value, onChange }: RichTextEditorProps) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], isAllowedUri: (url) => isSafeHref(url) },
      }),
    ],
    content: value ?? '',
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? null : (e.getJSON() as ProseMirrorDoc)),
  });
  return (
    <Input.Wrapper label={label} description={description} labelProps={{ id: labelId, component: 'span' }}>
      <Editor editor={editor} mt={4}>
        <Editor.Toolbar>
          <Editor.ControlsGroup>
            <Editor.Bold />
            <Editor.Italic />
            <Editor.Strikethrough />
            <Editor.Code />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.H2 />
            <Editor.H3 />
            <Editor.H4 />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.BulletList />
            <Editor.OrderedList />
            <Editor.Blockquote />
            <Editor.CodeBlock />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Link />
            <Editor.Unlink />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Undo />
            <Editor.Redo />
          </Editor.ControlsGroup>
        </Editor.Toolbar>
        <Editor.Content />
      </Editor>
    </Input.Wrapper>
  );
}
