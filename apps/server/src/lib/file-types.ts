import type { ImageMediaType } from '@observatory/shared';

/** The image type by the file's first bytes (12 are enough); null for anything we do not accept. */
export function sniffImageType(head: Buffer): ImageMediaType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Major brands of HEIF files whose pictures are HEVC-coded: what phones save as .heic (AVIF, also HEIF, says "avif"). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** A HEIC photo by its first 12 bytes: an ISO media file ("ftyp" box first) of a HEIC brand. */
export function isHeic(head: Buffer): boolean {
  return head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp' && HEIC_BRANDS.has(head.toString('latin1', 8, 12));
}

/** Enough of a file's start to see markup behind a byte-order mark and some white space. */
export const FILE_SNIFF_BYTES = 512;

/** Stored (and served) for anything we do not trust or do not know. */
export const OPAQUE_TYPE = 'application/octet-stream';

/** type/subtype as RFC 9110 spells a token; parameters are dropped before this check. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * Types a browser would render or run if it ever showed the file in place. Files are
 * served as attachments with nosniff and a sandboxing CSP anyway; these are not even
 * labelled as what they claim to be.
 */
const ACTIVE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/xsl',
  'application/xslt+xml',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'text/ecmascript',
  'application/x-shockwave-flash',
  'text/vtt',
  'text/cache-manifest',
]);
const isActive = (type: string) => ACTIVE_TYPES.has(type) || type.endsWith('+xml') || type.startsWith('multipart/') || type.startsWith('message/');

/**
 * Markup at the start of a file, as the WHATWG MIME sniffing standard looks for HTML
 * (a tag name followed by a space or ">"), plus XML and SVG. Byte-order marks and
 * leading white space are skipped, as a browser would.
 */
const MARKUP =
  /^<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--|\?xml|svg|object|embed|img|meta|link|base|form|math)[\s>/]/i;

function startsWithMarkup(head: Buffer): boolean {
  let text: string;
  if (head[0] === 0xfe && head[1] === 0xff) text = Buffer.from(head.subarray(2)).swap16().toString('utf16le');
  else if (head[0] === 0xff && head[1] === 0xfe) text = head.subarray(2).toString('utf16le');
  else text = head.toString('utf8').replace(/^\uFEFF/, '');
  return MARKUP.test(text.replace(/^[\s\0]+/, ''));
}

/** The declared type as "type/subtype" in lower case, or null when it is missing or malformed. */
export function normalMediaType(declared: string | null | undefined): string | null {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  return MEDIA_TYPE.test(type) ? type : null;
}

/**
 * The media type a project file is stored with: the declared one, unless the file or
 * its declared type is something a browser renders or runs (HTML, SVG, XML, scripts),
 * which is kept as application/octet-stream. A missing type is taken from the bytes
 * for the images we know (HEIC too: a project may keep phone photos as files), else
 * application/octet-stream.
 */
export function storedMediaType(declared: string | null | undefined, head: Buffer): string {
  const type = normalMediaType(declared);
  if (startsWithMarkup(head)) return OPAQUE_TYPE;
  if (type && isActive(type)) return OPAQUE_TYPE;
  if (type && type !== OPAQUE_TYPE) return type;
  return sniffImageType(head) ?? (isHeic(head) ? 'image/heic' : OPAQUE_TYPE);
}
