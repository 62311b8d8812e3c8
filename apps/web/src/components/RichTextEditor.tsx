import '@mantine/tiptap/styles.css';
import classes from './RichTextEditor.module.css';
import { EDITOR_MIN_HEIGHT } from './rich-text-editor-size';
import { Alert, Input, Paper } from '@mantine/core';
import { RichTextEditor as Editor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { useEffect, useId, useState } from 'react';
import type { ProseMirrorDoc } from '@observatory/shared';
import { documentProblem } from '../lib/form-rules';
import { RichText } from './RichText';
import { CalloutControl, ImageAltField, InsertImageControl, InsertTableControl, TableControls, useToolbarState } from './RichTextEditorControls';
import { editorExtensions, editorLoadProblem } from './rich-text-extensions';

export interface RichTextEditorProps {
  label: string;
  description?: string;
  value: ProseMirrorDoc | null;
  onChange: (doc: ProseMirrorDoc | null) => void;
  /**
   * Called once when the stored document cannot be opened without changing it: the editor
   * then shows it read-only, and the form must offer no Save (it would lose the text).
   */
  onUnreadable: () => void;
}

/**
 * The rich-text editor of every document (TipTap), holding exactly the nodes and marks of
 * the shared list (rich-text-extensions.ts). An empty document is null. Loaded lazily:
 * TipTap stays out of the first visit.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  // Judged once, on the document as stored: later values are the editor's own.
  const [problem] = useState(() => editorLoadProblem(props.value));
  const { onUnreadable } = props;
  useEffect(() => {
    if (problem) onUnreadable();
  }, [problem, onUnreadable]);
  return problem ? <UnreadableDocument label={props.label} doc={props.value} problem={problem} /> : <DocumentEditor {...props} />;
}

function UnreadableDocument({ label, doc, problem }: { label: string; doc: ProseMirrorDoc | null; problem: string }) {
  return (
    <Input.Wrapper label={label} labelProps={{ component: 'span' }}>
      <Alert color="danger" title="This text cannot be opened in the editor" mt={4} mb="xs">
        Editing it here could lose part of it, so it is shown read-only and this page cannot save. Nothing has been changed. ({problem})
      </Alert>
      <Paper withBorder p="md" aria-label={`${label} (read-only)`} role="region">
        <RichText doc={doc} />
      </Paper>
    </Input.Wrapper>
  );
}

function DocumentEditor({ label, description, value, onChange }: RichTextEditorProps) {
  const labelId = useId();
  const editor = useEditor({
    extensions: editorExtensions,
    content: value ?? '',
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? null : (e.getJSON() as ProseMirrorDoc)),
  });
  const toolbar = useToolbarState(editor);
  // The image just uploaded: its description field takes the focus.
  const [inserted, setInserted] = useState<string | null>(null);
  // An image's description past its limit stays as typed, said here (its own field says it while selected); the form refuses it.
  return (
    <Input.Wrapper label={label} description={description} error={documentProblem(value)} labelProps={{ id: labelId, component: 'span' }}>
      <Editor editor={editor} mt={4} classNames={{ root: classes.root, content: classes.content }} mih={EDITOR_MIN_HEIGHT}>
        <Editor.Toolbar>
          <Editor.ControlsGroup>
            <Editor.Bold />
            <Editor.Italic />
            <Editor.Underline />
            <Editor.Strikethrough />
            <Editor.Code />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Subscript />
            <Editor.Superscript />
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
            <Editor.Hr />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <InsertImageControl onInserted={setInserted} />
            <InsertTableControl disabled={!toolbar?.canInsertTable} />
            <CalloutControl tone={toolbar?.calloutTone ?? null} />
          </Editor.ControlsGroup>
          {toolbar?.inTable ? <TableControls /> : null}
          <Editor.ControlsGroup>
            <Editor.Link />
            <Editor.Unlink />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Undo />
            <Editor.Redo />
          </Editor.ControlsGroup>
        </Editor.Toolbar>
        {toolbar?.image ? <ImageAltField key={toolbar.image.pos} image={toolbar.image} autoFocus={inserted === toolbar.image.asset} /> : null}
        <Editor.Content />
      </Editor>
    </Input.Wrapper>
  );
}
