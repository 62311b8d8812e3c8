import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, killChildren, startServer } from './server-process.js';

afterAll(killChildren);

describe('the first start without ADMIN_PASSWORD', () => {
  it('prints the generated administrator password last, boxed apart from the log lines, and it signs in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-first-'));
    const server = await startServer(dataDir, { ADMIN_PASSWORD: undefined });
    await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/Password: \S+/);
    const lines = server.output().trimEnd().split('\n');
    const box = lines.slice(lines.findIndex((l) => /^\+-+\+$/.test(l)));
    expect(box.at(-1)).toBe(box[0]); // the box closes the output: nothing was logged after it
    expect(box.every((l) => !l.startsWith('{'))).toBe(true);
    expect(lines.slice(0, -box.length).some((l) => l.includes('Listening on'))).toBe(true);
    const password = /Password: (\S+)/.exec(box.join('\n'))![1];
    const login = await call(server.url, 'POST', '/auth/login', { username: 'admin', password });
    expect(login.status).toBe(200);

    // Later starts print no password: the account exists.
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const again = await startServer(dataDir, { ADMIN_PASSWORD: undefined });
    expect(again.output()).not.toMatch(/Password:/);
    again.proc.kill('SIGTERM');
    await again.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
