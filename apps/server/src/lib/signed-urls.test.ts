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
});
