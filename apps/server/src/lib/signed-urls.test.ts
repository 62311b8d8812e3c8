import { describe, expect, it } from 'vitest';
import { createUrlSigner } from './signed-urls.js';

const SECRET = 'a server secret of some length, 0123456789';

describe('createUrlSigner', () => {
  it('signs a path for five minutes and accepts the signature until then', () => {
    let now = 1_700_000_000_000;
    const signer = createUrlSigner(SECRET, { now: () => now });
    const signed = signer.sign('files/abc', 'user-1');
    expect(signed.expires).toBe(1_700_000_000 + 300);
    expect(signed.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { signature, ...claim } = signed;
    expect(signer.verify(claim, signature)).toBe('valid');
    now += 300_000;
    expect(signer.verify(claim, signature)).toBe('valid');
    now += 1_000;
    expect(signer.verify(claim, signature)).toBe('expired');
  });

  it('refuses a signature for anything else: path, user, expiry or another secret', () => {
    const signer = createUrlSigner(SECRET);
    const { signature, ...claim } = signer.sign('files/abc', null);
    expect(signer.verify({ ...claim, path: 'files/abd' }, signature)).toBe('invalid');
    expect(signer.verify({ ...claim, userId: 'someone' }, signature)).toBe('invalid');
    expect(signer.verify({ ...claim, expires: claim.expires + 3600 }, signature)).toBe('invalid');
    expect(createUrlSigner(`${SECRET}!`).verify(claim, signature)).toBe('invalid');
    expect(signer.verify(claim, signature)).toBe('valid');
  });

  it('refuses malformed signatures', () => {
    const signer = createUrlSigner(SECRET);
    const { signature, ...claim } = signer.sign('files/abc', 'u');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of ['', 'x', signature.slice(0, -2), `${signature}AA`, flipped, `${signature.slice(0, 10)}*${signature.slice(10)}`]) {
      expect(signer.verify(claim, bad), bad).toBe('invalid');
    }
  });

  it('signs and checks a URL query: expires, user and signature', () => {
    let now = 1_000_000_000_000;
    const signer = createUrlSigner(SECRET, { ttlSeconds: 60, now: () => now });
    const { query, expires } = signer.signQuery('assets/abc', 'u1');
    expect(expires).toBe(1_000_000_060);
    const parsed = Object.fromEntries(new URLSearchParams(query));
    expect(parsed).toEqual({ expires: '1000000060', user: 'u1', signature: expect.any(String) });
    expect(signer.verifyQuery('assets/abc', parsed)).toEqual({ verdict: 'valid', claim: { path: 'assets/abc', userId: 'u1', expires } });
    expect(signer.verifyQuery('assets/other', parsed).verdict).toBe('invalid');
    expect(signer.verifyQuery('assets/abc', { ...parsed, expires: '1e9' })).toEqual({ verdict: 'invalid', claim: null });
    expect(signer.verifyQuery('assets/abc', { expires: parsed.expires, user: 'u1' })).toEqual({ verdict: 'invalid', claim: null });
    expect(new URLSearchParams(signer.signQuery('assets/abc', null).query).has('user')).toBe(false);
    now += 61_000;
    expect(signer.verifyQuery('assets/abc', parsed).verdict).toBe('expired');
  });
});
