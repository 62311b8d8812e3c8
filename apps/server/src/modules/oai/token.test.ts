import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCodec, TOKEN_TTL_SECONDS, type TokenState } from './token.js';

const SECRET = 'a-server-secret-a-server-secret-0123';
const state: TokenState = {
  verb: 'ListRecords',
  prefix: 'oai_dc',
  filter: { kind: 'publication', pubType: 'article' },
  from: '2024-01-01T00:00:00.000Z',
  until: '2025-01-01T00:00:00.000Z',
  after: { stamp: '2024-06-01T12:00:00.123456Z', id: '0b4b3c1e-7e1f-4c59-9b8e-3d2f1a0c9e77' },
  cursor: 100,
  total: 250,
};
const at = (iso: string) => () => new Date(iso);

describe('resumption tokens', () => {
  it('carry the list’s state, readable by another codec of the same secret (another process, after a restart)', () => {
    const { token, expires } = createTokenCodec(SECRET, { now: at('2025-01-01T00:00:00Z') }).encode(state);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(expires).toEqual(new Date(Date.parse('2025-01-01T00:00:00Z') + TOKEN_TTL_SECONDS * 1000));
    expect(createTokenCodec(SECRET, { now: at('2025-01-01T01:00:00Z') }).decode(token)).toEqual({ state });
  });

  it('expire after their time, 24 hours', () => {
    expect(TOKEN_TTL_SECONDS).toBe(86_400);
    const { token } = createTokenCodec(SECRET, { now: at('2025-01-01T00:00:00Z') }).encode(state);
    expect(createTokenCodec(SECRET, { now: at('2025-01-01T23:59:59Z') }).decode(token)).toEqual({ state });
    expect(createTokenCodec(SECRET, { now: at('2025-01-02T00:00:01Z') }).decode(token)).toEqual({ problem: 'expired' });
  });

  it('refuse a token changed, cut, made up, or signed with another secret', () => {
    const codec = createTokenCodec(SECRET);
    const { token } = codec.encode(state);
    const [body, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ state: { ...state, cursor: 0 }, expires: 9_999_999_999 })).toString('base64url');
    const flipped = `${body.slice(0, 10)}${body[10] === 'A' ? 'B' : 'A'}${body.slice(11)}`;
    for (const bad of [
      `${forged}.${signature}`,
      `${flipped}.${signature}`,
      `${body}.${signature.slice(1)}`,
      `${body}.${signature}=`,
      body,
      `${token}.x`,
      '',
      'not a token',
      'x'.repeat(5000),
    ]) {
      expect(codec.decode(bad), bad.slice(0, 40)).toEqual({ problem: 'invalid' });
    }
    expect(createTokenCodec('another-secret-another-secret-0123').decode(token)).toEqual({ problem: 'invalid' });
  });

  it('read a state only of the shape written: a body signed right but of another shape is refused', () => {
    // As the codec derives its key: a body it never wrote, signed as it would sign one.
    const key = createHmac('sha256', SECRET).update('observatory oai-pmh resumption tokens v1').digest();
    const sign = (value: unknown) => {
      const body = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    };
    const codec = createTokenCodec(SECRET);
    const expires = Math.floor(Date.now() / 1000) + 60;
    expect(codec.decode(sign({ state, expires }))).toEqual({ state });
    for (const value of [
      { state: { ...state, cursor: -1 }, expires },
      { state: { ...state, after: { stamp: "1'; drop table x", id: state.after.id } }, expires },
      { state, expires, more: 1 },
      [],
    ]) {
      expect(codec.decode(sign(value)), JSON.stringify(value).slice(0, 60)).toEqual({ problem: 'invalid' });
    }
  });
});
