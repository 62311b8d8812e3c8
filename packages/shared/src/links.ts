/** Links stored in documents and shown as anchors go only to web pages, mail addresses and this site's own paths. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/**
 * A path of this site: one leading slash, then no second slash or backslash (a browser
 * reads `//evil.example` and `/\evil.example` as another host), and no control characters
 * or spaces.
 */
const INTERNAL_PATH = /^\/(?![/\\])[^\\\s]*$/;
const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export const isInternalPath = (href: string) => INTERNAL_PATH.test(href) && !hasControlCharacter(href);

/** Paths the server answers itself, not the web app: shortlinks (/s/…) and the API (/api/…). */
const SERVER_PATH = /^\/(?:s|api)(?:[/?#]|$)/;
export const isServerPath = (href: string) => SERVER_PATH.test(href);

/** A path of this site the web app shows itself: followed in place, without loading the page again. */
export const isAppPath = (href: string) => isInternalPath(href) && !isServerPath(href);

/** An absolute http(s) address with a host (no user name or password before it), without spaces. */
const WEB_URL = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s\\]*)?$/i;

export const isWebUrl = (href: string) => WEB_URL.test(href);

export const isSafeHref = (href: string) => SAFE_HREF.test(href.trim()) || isInternalPath(href.trim());
