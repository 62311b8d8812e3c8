import type { ShortlinkExternal } from '@observatory/shared';

/** The host a target leads to, as a browser reads it (lower case, no final dot); null for a path of this site. */
export function targetHost(target: string): string | null {
  if (target.startsWith('/')) return null;
  const host = URL.canParse(target) ? new URL(target).hostname : target;
  return host.replace(/\.$/, '');
}

/**
 * Which hosts shortlinks may redirect to: this site's own (PUBLIC_URL's host name) and
 * those of SHORTLINK_HOSTS. A link to any other host is not written any more, and one
 * written before (or before the host left SHORTLINK_HOSTS) asks visitors before they go.
 */
export function createHostRule(options: { hosts: string[]; publicUrl: string }) {
  const own = targetHost(options.publicUrl);
  const allowed = new Set(options.hosts);

  /** How following the target leaves the catalogue: not at all (null), by a redirect, or through the page that asks first. */
  function externalOf(target: string): ShortlinkExternal {
    const host = targetHost(target);
    if (host === null || host === own) return null;
    return allowed.has(host) ? 'redirect' : 'interstitial';
  }

  /** Why a new target may not be used, or null. */
  function problemOf(target: string): string | null {
    if (externalOf(target) !== 'interstitial') return null;
    const host = targetHost(target);
    const list = [...allowed];
    if (!list.length) return `${host} is another site: a shortlink leads only to a path of this site, starting with /`;
    const named = list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`;
    return `${host} is not among the hosts allowed: a shortlink leads to a path of this site, starting with /, or to an address on ${named}`;
  }

  return { externalOf, problemOf };
}
