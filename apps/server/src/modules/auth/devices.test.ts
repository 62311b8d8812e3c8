import { describe, expect, it } from 'vitest';
import { deviceOf } from './devices.js';

describe('deviceOf', () => {
  it('names the browser and system of common User-Agents', () => {
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Linux');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0')).toBe(
      'Edge on Windows',
    );
    expect(
      deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari on iOS');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36')).toBe(
      'Chrome on Android',
    );
    expect(deviceOf('curl/8.5.0')).toBe('curl');
  });

  it('answers something for what it does not know', () => {
    expect(deviceOf(null)).toBe('Unknown device');
    expect(deviceOf('lightMyRequest')).toBe('lightMyRequest');
  });
});
