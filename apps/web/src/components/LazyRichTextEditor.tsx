import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';
import { EDITOR_MIN_HEIGHT } from './rich-text-editor-size';

const Editor = lazy(() => import('./RichTextEditor'));

/** The rich-text editor, fetched when a form first shows it. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} description={props.description}>
          <Skeleton height={EDITOR_MIN_HEIGHT} mt={4} role="status" aria-label="Loading the editor" />
        </Input.Wrapper>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
