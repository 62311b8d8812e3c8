/** Links stored in documents and shown as anchors go only to web pages and mail addresses. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

export const isSafeHref = (href: string) => SAFE_HREF.test(href.trim());
