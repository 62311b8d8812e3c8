import { describe, expect, it } from 'vitest';
import { uptimeInWords } from './AdminIndexPage';

describe('uptimeInWords', () => {
  it('names the two largest units that are not zero', () => {
    expect(uptimeInWords(0)).toBe('0 seconds');
    expect(uptimeInWords(1)).toBe('1 second');
    expect(uptimeInWords(59)).toBe('59 seconds');
    expect(uptimeInWords(61)).toBe('1 minute 1 second');
    expect(uptimeInWords(3_600 * 5 + 60 * 7 + 9)).toBe('5 hours 7 minutes');
    expect(uptimeInWords(86_400 * 3 + 3_600 * 4 + 5)).toBe('3 days 4 hours');
  });
  it('stops at a zero between units rather than skipping it', () => {
    expect(uptimeInWords(86_400 + 30)).toBe('1 day');
  });
});
