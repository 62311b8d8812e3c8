import { Text } from '@mantine/core';
import type { ProseMirrorDoc } from '@observatory/shared';
import { docToText } from '../lib/documents';

/** A stored document's paragraphs as plain text (the rich renderer arrives with the document editor). */
export function DocumentText({ doc }: { doc: ProseMirrorDoc | null }) {
  const blocks = docToText(doc).split('\n\n').filter(Boolean);
  return (
    <>
      {blocks.map((block, i) => (
        <Text key={i} mb="sm" style={{ whiteSpace: 'pre-line' }}>
          {block}
        </Text>
      ))}
    </>
  );
}
