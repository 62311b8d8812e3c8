import { Text } from '@mantine/core';
import type { ProseMirrorDoc } from '@observatory/shared';

interface Node {
  type?: string;
  text?: string;
  content?: Node[];
}

const textOf = (node: Node): string => node.text ?? (node.content ?? []).map(textOf).join('');

/** A stored document's paragraphs as plain text (the rich renderer arrives with the document editor). */
export function DocumentText({ doc }: { doc: ProseMirrorDoc | null }) {
  const blocks = ((doc?.content ?? []) as Node[]).map(textOf).filter(Boolean);
  if (blocks.length === 0) return null;
  return (
    <>
      {blocks.map((block, i) => (
        <Text key={i} mb="sm">
          {block}
        </Text>
      ))}
    </>
  );
}
