/** What the server writes into a page's <head> before the web app boots: what crawlers and link previews read. */
export interface PageHead {
  /** 404 for an unknown route or a resource a visitor may not read; 410 for one the catalogue knows was deleted. */
  status: 200 | 404 | 410;
  /** The page's own title, before the product's name. */
  title: string;
  description: string | null;
  /** The canonical path (the current slug), absolute once rendered. */
  path: string;
  /** An absolute URL of a public image of the resource. */
  image?: string | null;
  ogType?: 'website' | 'article' | 'profile';
  /** schema.org, as JSON-LD. */
  jsonLd?: Record<string, unknown> | null;
  /** Kept out of search engines: pages for signed-in users, forms, a not-found answer. */
  noindex?: boolean;
  /** Atom feeds of the page, by title: their paths. */
  feeds?: { title: string; path: string }[];
}

/** Text for an attribute value or an element's text. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * JSON for a <script> element: `<` (so no `</script>` or `<!--` ends or bends it), `>`, `&`
 * and the line separators JavaScript once refused, as JSON escapes; the data is unchanged.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The longest description written: search engines show about this much. */
const DESCRIPTION_LENGTH = 300;

/** Whitespace run together, cut at a word near the limit with an ellipsis. */
export function shortened(text: string | null | undefined, limit = DESCRIPTION_LENGTH): string | null {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), limit / 2)).trimEnd()}…`;
}

/**
 * The web app's index.html with the page's head: its title (with the product's name),
 * description, canonical URL, Open Graph and Twitter card, robots and JSON-LD. The body is
 * untouched: the web app boots from it as before.
 */
export function withHead(html: string, head: PageHead, site: { productName: string; publicUrl: string }): string {
  const url = `${site.publicUrl}${head.path}`;
  const title = `${head.title} · ${site.productName}`;
  const description = head.description ?? '';
  const meta = (attribute: 'name' | 'property', key: string, value: string | null | undefined) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />` : '';
  const tags = [
    head.status === 200 ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '',
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:site_name', site.productName),
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.feeds ?? []).map(
      (feed) => `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(`${site.publicUrl}${feed.path}`)}" />`,
    ),
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
  ].filter(Boolean);
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => meta('name', 'description', description) || '')
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}
