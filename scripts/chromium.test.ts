import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from './chromium.mjs';

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, and refuses one that does not exist rather than fall back', () => {
    const fake = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-')), 'chromium');
    fs.writeFileSync(fake, '');
    expect(findChromium({ CHROMIUM_PATH: fake })).toEqual({ executablePath: fake });
    expect(() => findChromium({ CHROMIUM_PATH: `${fake}-missing` })).toThrow(/CHROMIUM_PATH is .*chromium-missing, which does not exist/);
  });
});
