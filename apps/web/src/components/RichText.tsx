import { Alert, Anchor, Blockquote, Code, Divider, List, Table, Text, Title, Typography } from '@mantine/core';
import { IconAlertTriangle, IconBulb, IconInfoCircle } from '@tabler/icons-react';
import {
  documentText,
  isAppPath,
  isServerPath,
  isSafeHref,
  type CalloutTone,
  type DocumentBlock,
  type DocumentInline,
  type DocumentMark,
  type DocumentTableCell,
  type DocumentTableRow,
  type ProseMirrorDoc,
} from '@observatory/shared';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './RichText.module.css';
import { RichTextImage } from './RichTextImage';
import { WideTable } from './WideTable';

function renderLink(node: ReactNode, href: string, key: number): ReactNode {
  // Checked again here: a document may predate the server's check.
  if (!isSafeHref(href)) return node;
  const target = href.trim();
  // A page of the web app opens in place, through the router; a path the server answers
  // (a shortlink, the API) loads as a page of its own; other sites open in a new tab.
  if (isServerPath(target)) {
    return (
      <Anchor key={key} href={target}>
        {node}
      </Anchor>
    );
  }
  return isAppPath(target) ? (
    <Anchor key={key} component={Link} to={target}>
      {node}
    </Anchor>
  ) : (
    <Anchor key={key} href={target} target="_blank" rel="noopener noreferrer nofollow">
      {node}
    </Anchor>
  );
}

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
      return renderLink(node, mark.attrs.href, key);
    default:
      // A mark this version does not know (a newer document): its text still shows.
      return node;
  }
}

// Each run keyed by its place, its marks nested inside by theirs.
const renderInline = (nodes: DocumentInline[] | undefined) =>
  (nodes ?? []).map((n, i) =>
    n.type === 'hardBreak' ? (
      <br key={i} />
    ) : (
      <Fragment key={i}>{(n.marks ?? []).reduce<ReactNode>((node, mark, m) => withMark(node, mark, m), n.text)}</Fragment>
    ),
  );

const TONES: Record<CalloutTone, { label: string; color: string; Icon: typeof IconInfoCircle }> = {
  info: { label: 'Note', color: 'blue', Icon: IconInfoCircle },
  tip: { label: 'Tip', color: 'green', Icon: IconBulb },
  warning: { label: 'Warning', color: 'yellow', Icon: IconAlertTriangle },
};

function Callout({ tone, children }: { tone: CalloutTone | undefined; children: ReactNode }) {
  // An unknown tone (a newer document) is shown as a note.
  const { label, color, Icon } = TONES[tone ?? 'info'] ?? TONES.info;
  return (
    <Alert role="note" aria-label={label} color={color} variant="light" icon={<Icon aria-hidden />} my="md" classNames={{ message: classes.calloutMessage }}>
      {children}
    </Alert>
  );
}

const isHeaderRow = (row: DocumentTableRow) => row.content.every((cell) => cell.type === 'tableHeader');
const columnCount = (rows: DocumentTableRow[]) => Math.max(1, ...rows.map((row) => row.content.reduce((sum, cell) => sum + (cell.attrs?.colspan ?? 1), 0)));
/** Columns narrower than this on a phone would break words: the table scrolls sideways instead. */
const COLUMN_MIN_WIDTH = 100;

function renderCell(cell: DocumentTableCell, key: number, inHead: boolean): ReactNode {
  const span = { colSpan: cell.attrs?.colspan ?? 1, rowSpan: cell.attrs?.rowspan ?? 1 };
  const content = cell.content.map(renderBlock);
  if (cell.type !== 'tableHeader') {
    return (
      <Table.Td key={key} {...span}>
        {content}
      </Table.Td>
    );
  }
  // Headers of a row of headers name columns; one beside data cells names its row.
  return (
    <Table.Th key={key} scope={inHead ? 'col' : 'row'} {...span}>
      {content}
    </Table.Th>
  );
}

function DocumentTable({ rows }: { rows: DocumentTableRow[] }) {
  const headCount = rows.findIndex((row) => !isHeaderRow(row));
  const head = rows.slice(0, headCount < 0 ? rows.length : headCount);
  const body = rows.slice(head.length);
  const renderRow = (inHead: boolean) => (row: DocumentTableRow, i: number) => (
    <Table.Tr key={i}>{row.content.map((cell, c) => renderCell(cell, c, inHead))}</Table.Tr>
  );
  return (
    <div className={classes.table}>
      <WideTable label="Table" minWidth={columnCount(rows) * COLUMN_MIN_WIDTH}>
        <Table withTableBorder withColumnBorders verticalSpacing="xs">
          {head.length ? <Table.Thead>{head.map(renderRow(true))}</Table.Thead> : null}
          {body.length ? <Table.Tbody>{body.map(renderRow(false))}</Table.Tbody> : null}
        </Table>
      </WideTable>
    </div>
  );
}

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
        <List
          key={key}
          type={block.type === 'orderedList' ? 'ordered' : 'unordered'}
          start={block.type === 'orderedList' ? block.attrs?.start : undefined}
          withPadding
        >
          {block.content.map((item, i) => (
            <List.Item key={i}>{item.content.map(renderBlock)}</List.Item>
          ))}
        </List>
      );
    case 'image':
      return <RichTextImage key={key} asset={block.attrs.asset} alt={block.attrs.alt ?? ''} />;
    case 'table':
      return <DocumentTable key={key} rows={block.content} />;
    case 'callout':
      return (
        <Callout key={key} tone={block.attrs?.tone}>
          {block.content.map(renderBlock)}
        </Callout>
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
