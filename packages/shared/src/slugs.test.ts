import { describe, expect, it } from 'vitest';
import { slugify } from './slugs.js';

describe('slugify', () => {
  it('transliterates letters outside ASCII instead of dropping them', () => {
    expect(slugify('Łódź lakes')).toBe('lodz-lakes');
    expect(slugify('Straße')).toBe('strasse');
    expect(slugify('Ærø')).toBe('aero');
    expect(slugify('Þingvellir')).toBe('thingvellir');
    expect(slugify('Озеро Байкал')).toBe('ozero-baykal');
    expect(slugify('Ελληνικά')).toBe('ellinika');
    expect(slugify('Anenské údolí')).toBe('anenske-udoli');
    expect(slugify('  ETH Zürich (D-USYS)  ')).toBe('eth-zurich-d-usys');
  });
  it('gives a readable, non-empty key for Chinese, Japanese and Korean titles', () => {
    expect(slugify('北京大学 湖泊观测')).toBe('bei-jing-da-xue-hu-bo-guan-ce');
    expect(slugify('서울 관측소')).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(slugify('日本の湖')).not.toBe('');
  });
  it('treats composed and decomposed accents alike', () => {
    expect(slugify('Zu\u0308rich')).toBe(slugify('Zürich'));
  });
  it('keeps within the length and never ends in a dash', () => {
    const slug = slugify(`${'a'.repeat(79)} b`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('x'.repeat(100), 20)).toHaveLength(20);
  });
  it('is empty for text with nothing to spell', () => {
    expect(slugify('???')).toBe('');
    expect(slugify('')).toBe('');
  });
});
