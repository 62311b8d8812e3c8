import { Anchor, Blockquote, Code, Divider, List, Text, Title, Typography } from '@mantine/core';
import { documentText, isSafeHref, type DocumentBlock, type DocumentInline, type DocumentMark, type ProseMirrorDoc } from '@observatory/shared';
import type { ReactNode } from 'react';

function withMark(node: ReactNode, mark: DocumentMark, key: number): ReactNode {
  switch (mark.type) {
    case 'bold':
      return <strong key={key}>{node}</strong>;
    case 'italic':
      return <em key={key}>{node}</em>;
    case 'strike':
      return <s key={key}>{node}</s>;
    case 'underline':
      return <u key={key}>{node}</u>;
    case 'code':
      return <Code key={key}>{node}</Code>;
    case 'subscript':
      return <sub key={key}>{node}</sub>;
    case 'superscript':
      return <sup key={key}>{node}</sup>;
    case 'link':
      // Checked again here: a document may predate the server's check.
      return isSafeHref(mark.attrs.href) ? (
        <Anchor key={key} href={mark.attrs.href} target="_blank" rel="noopener noreferrer nofollow">
          {node}
        </Anchor>
      ) : (
        node
      );
    default:
      // A mark this version does not know (a newer document): its text still shows.
      return node;
  }
}

const renderInline = (nodes: DocumentInline[] | undefined) =>
  (nodes ?? []).map((n, i) => (n.type === 'hardBreak' ? <br key={i} /> : (n.marks ?? []).reduce<ReactNode>((node, mark, m) => withMark(node, mark, m), n.text)));

function renderBlock(block: DocumentBlock, key: number): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <Text key={key}>{renderInline(block.content)}</Text>;
    case 'heading': {
      // The page title is the only h1.
      const order = Math.max(2, block.attrs?.level ?? 1) as 2 | 3 | 4 | 5 | 6;
      return (
        <Title key={key} order={order}>
          {renderInline(block.content)}
        </Title>
      );
    }
    case 'codeBlock':
      return (
        <Code key={key} block>
          {(block.content ?? []).map((t) => t.text).join('')}
        </Code>
      );
    case 'horizontalRule':
      return <Divider key={key} my="md" />;
    case 'blockquote':
      return <Blockquote key={key}>{block.content.map(renderBlock)}</Blockquote>;
    case 'bulletList':
    case 'orderedList':
      return (
        <List key={key} type={block.type === 'orderedList' ? 'ordered' : 'unordered'} start={block.type === 'orderedList' ? block.attrs?.start : undefined} withPadding>
          {block.content.map((item, i) => (
            <List.Item key={i}>{item.content.map(renderBlock)}</List.Item>
          ))}
        </List>
      );
    default:
      // A node this version does not know (a newer document): its words still show.
      return <Text key={key}>{documentText({ type: 'doc', content: [block] })}</Text>;
  }
}

/** A stored document rendered from its JSON, node by node (never as HTML). */
export function RichText({ doc }: { doc: ProseMirrorDoc | null | undefined }) {
  if (!doc?.content?.length) return null;
  return <Typography>{doc.content.map(renderBlock)}</Typography>;
}
