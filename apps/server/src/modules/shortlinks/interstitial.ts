import { createHash } from 'node:crypto';

/** Text for HTML, in an element or a quoted attribute. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const STYLE = [
  'body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1a1b1e;background:#f8f9fa;line-height:1.5}',
  'main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:1.5rem}',
  'h1{font-size:1.25rem;margin:0 0 1rem}',
  '.target{overflow-wrap:anywhere;font-family:ui-monospace,monospace;font-size:.875rem;background:#f1f3f5;padding:.5rem;border-radius:4px}',
  '.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin-top:1.5rem}',
  '.continue{background:#1864ab;color:#fff;padding:.5rem 1rem;border-radius:4px;text-decoration:none;font-weight:600}',
  'a{color:#1864ab}',
].join('');

/**
 * The page's own policy: nothing is loaded or run, its one style admitted by its hash,
 * no form, no frame around it. Following its links is navigation, which a policy does not limit.
 */
export const INTERSTITIAL_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The page a shortlink to a host not allowed answers instead of a redirect: where it
 * leads, a link there and one back to the catalogue's home page. Every value is escaped.
 */
export function interstitialPage(options: { target: string; host: string; productName: string }): string {
  const target = escapeHtml(options.target);
  const host = escapeHtml(options.host);
  const product = escapeHtml(options.productName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>Leaving ${product}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>This link leaves the catalogue for ${host}: continue?</h1>
<p>${product} does not vouch for ${host}. The link leads to:</p>
<p class="target">${target}</p>
<p class="actions"><a class="continue" href="${target}" rel="noreferrer noopener nofollow">Continue to ${host}</a> <a href="/">Back to ${product}</a></p>
</main>
</body>
</html>
`;
}
