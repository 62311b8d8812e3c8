import { describe, expect, it } from 'vitest';
import { firstAdminNotice } from './admin-notice.js';

describe('firstAdminNotice', () => {
  it('boxes the username, the password and where to sign in, every line the same width', () => {
    const text = firstAdminNotice({ username: 'admin', password: 'Zq3-generated-secret' }, 'http://localhost:3000/login');
    const boxed = text.split('\n').filter(Boolean);
    expect(boxed[0]).toMatch(/^\+-+\+$/);
    expect(boxed.at(-1)).toBe(boxed[0]);
    expect(new Set(boxed.map((l) => l.length)).size).toBe(1);
    expect(text).toContain('|      Username: admin ');
    expect(text).toContain('|      Password: Zq3-generated-secret ');
    expect(text).toContain('at http://localhost:3000/login');
  });
});
