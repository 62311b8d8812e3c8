import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { check } from './validate';

describe('check', () => {
  it('says what is wrong as people read it, from the first check on', () => {
    const first = check(z.string().max(3), 'abcd');
    expect(first.success).toBe(false);
    expect(first.error?.issues[0]?.message).toBe('At most 3 characters');
    expect(check(z.email(), 'not an address').error?.issues[0]?.message).toBe('Give an e-mail address, like name@example.org');
  });

  it('passes a valid value through', () => {
    expect(check(z.string().max(3), 'abc')).toEqual({ success: true, data: 'abc' });
  });
});
