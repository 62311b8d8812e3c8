/**
 * The Content-Disposition of a download (RFC 6266): the name quoted, and when it is not
 * plain ASCII an ASCII stand-in there and the whole name as UTF-8 in `filename*` (RFC 8187,
 * which replaced RFC 5987), which clients prefer. Without a name, a bare `attachment`.
 */
export function attachment(fileName: string | null | undefined): string {
  if (!fileName) return 'attachment';
  const fallback = asciiFallback(fileName);
  const quoted = `attachment; filename="${fallback.replace(/["\\]/g, '\\$&')}"`;
  return fallback === fileName ? quoted : `${quoted}; filename*=UTF-8''${extValue(fileName)}`;
}

/** Printable ASCII: anything else becomes "_". */
const asciiFallback = (name: string) => name.replace(/[^\x20-\x7e]/g, '_');

/** Percent-encoded UTF-8, also of the characters encodeURIComponent keeps but attr-char does not allow: ' ( ) *. */
const extValue = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** What a served file that is not shown in place carries: a download that runs nothing, even when opened. */
export const SANDBOX_CSP = "default-src 'none'; sandbox";
