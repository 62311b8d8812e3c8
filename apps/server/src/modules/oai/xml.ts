import { escapeXml } from '../../lib/xml.js';

export type Attributes = Record<string, string | number | null | undefined>;

/** An element with its attributes (unset ones left out) around content that is XML already; empty: `<name/>`. */
export function element(name: string, attributes: Attributes, content: string | string[] = ''): string {
  const written = Object.entries(attributes)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join('');
  const inner = Array.isArray(content) ? content.join('') : content;
  return inner === '' ? `<${name}${written}/>` : `<${name}${written}>${inner}</${name}>`;
}

/** An element holding text; nothing at all when there is no text. */
export function text(name: string, value: string | number | null | undefined, attributes: Attributes = {}): string {
  if (value === null || value === undefined) return '';
  const escaped = escapeXml(String(value).trim());
  return escaped === '' ? '' : element(name, attributes, escaped);
}
