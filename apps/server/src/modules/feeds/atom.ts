/** An Atom feed (RFC 4287), written from entries already read as a visitor reads them. */
import { escapeXml } from '../../lib/xml.js';

export interface AtomEntry {
  /** The entry's page, absolute: also its id. */
  url: string;
  title: string;
  updated: string;
  published?: string | null;
  author?: string | null;
  summary?: string | null;
}

export interface AtomFeed {
  /** The feed's own address, absolute: also its id. */
  self: string;
  /** The page it follows, absolute. */
  page: string;
  title: string;
  /** Who writes it when an entry names no author: the site. */
  author: string;
  entries: AtomEntry[];
}

const element = (name: string, text: string | null | undefined) => (text ? `<${name}>${escapeXml(text)}</${name}>` : '');

export function atom(feed: AtomFeed): string {
  const updated =
    feed.entries
      .map((e) => e.updated)
      .sort()
      .at(-1) ?? new Date(0).toISOString();
  const entries = feed.entries.map((e) =>
    [
      '  <entry>',
      `    ${element('id', e.url)}`,
      `    ${element('title', e.title)}`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(e.url)}"/>`,
      `    ${element('updated', e.updated)}`,
      e.published ? `    ${element('published', e.published)}` : '',
      e.author ? `    <author>${element('name', e.author)}</author>` : '',
      e.summary ? `    <summary type="text">${escapeXml(e.summary)}</summary>` : '',
      '  </entry>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  ${element('id', feed.self)}`,
    `  ${element('title', feed.title)}`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.page)}"/>`,
    `  ${element('updated', updated)}`,
    `  <author>${element('name', feed.author)}</author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
