import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Requests the server makes to addresses users give (webhooks): only to public addresses,
 * checked after DNS resolution, with the connection made to the very address checked, so a
 * name that resolves elsewhere a moment later (DNS rebinding) cannot redirect it; redirects
 * are not followed.
 */

/** Where a request may not go: this host, private networks, link-local (cloud metadata at 169.254.169.254), and addresses that are not hosts. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Why an address may not be called, or null when it may. An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries. */
export function refusedAddress(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (Array.isArray(mapped)) {
    const [hi, lo] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
    return refusedAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  if (typeof mapped === 'string') return refusedAddress(mapped);
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6') ? `${address} is a private, loopback or link-local address` : null;
}

export interface Target {
  url: URL;
  /** The address checked, which the request connects to. */
  address: string;
  family: 4 | 6;
}

/** Resolves a URL's host and checks every address it has; answers the first, or throws with the reason. */
export async function checkTarget(raw: string, allowPrivate: boolean): Promise<Target> {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('Only http and https addresses can be called');
  if (url.username || url.password) throw new Error('The address may not hold a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new Error(`${host} could not be resolved`);
  }
  if (addresses.length === 0) throw new Error(`${host} could not be resolved`);
  if (!allowPrivate) {
    // Every address: a name with one public and one private address could be steered to either.
    for (const { address } of addresses) {
      const reason = refusedAddress(address);
      if (reason) throw new Error(`${host} resolves to ${address}: ${reason.replace(`${address} is `, '')}`);
    }
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

export interface PostAnswer {
  status: number;
  /** The start of the answer's body, for the log. */
  body: string;
}

/** POSTs to a checked target, connecting to its checked address (TLS still verifies the host's name); no redirect is followed. */
export function postTo(target: Target, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostAnswer> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: timeoutMs,
        // Pinned: whatever the name resolves to now, the connection goes to the address checked.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all)
            (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
          else callback(null, target.address, target.family);
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < 1024) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 500) }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}
