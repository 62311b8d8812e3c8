import { describe, expect, it } from 'vitest';
import { isValidOrcid, normaliseOrcid } from './orcid.js';

describe('ORCID iDs', () => {
  it('accepts real iDs, including an X check digit', () => {
    expect(isValidOrcid('0000-0002-1825-0097')).toBe(true); // ORCID's own example
    expect(isValidOrcid('0000-0001-5109-3700')).toBe(true);
    expect(isValidOrcid('0000-0002-1694-233X')).toBe(true);
  });
  it('refuses a wrong check digit or format', () => {
    expect(isValidOrcid('0000-0002-1825-0098')).toBe(false);
    expect(isValidOrcid('0000-0002-1825-009')).toBe(false);
    expect(isValidOrcid('0000000218250097')).toBe(false);
  });
  it('strips the orcid.org address', () => {
    expect(normaliseOrcid(' https://orcid.org/0000-0002-1694-233x ')).toBe('0000-0002-1694-233X');
  });
});
