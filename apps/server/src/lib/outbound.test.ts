import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget, postTo, refusedAddress } from './outbound.js';

describe('refusedAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
  ])('refuses %s', (address) => expect(refusedAddress(address)).toMatch(/private, loopback or link-local/));

  it.each(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '8.8.8.8', '::ffff:8.8.8.8'])('lets %s through', (address) =>
    expect(refusedAddress(address)).toBeNull(),
  );
});

describe('checkTarget', () => {
  it('refuses what is not http(s), a user name in the address, and names resolving to private addresses', async () => {
    await expect(checkTarget('ftp://example.org/x', false)).rejects.toThrow('Only http and https addresses can be called');
    await expect(checkTarget('https://user:pw@example.org/', false)).rejects.toThrow('user name or password');
    await expect(checkTarget('http://localhost:8080/hook', false)).rejects.toThrow(
      /^localhost resolves to (127\.0\.0\.1|::1): a private, loopback or link-local address$/,
    );
    await expect(checkTarget('http://[::ffff:127.0.0.1]/', false)).rejects.toThrow(/private, loopback or link-local/);
    await expect(checkTarget('http://169.254.169.254/latest/meta-data/', false)).rejects.toThrow(/169\.254\.169\.254/);
    await expect(checkTarget('http://no-such-host.invalid/', false)).rejects.toThrow('no-such-host.invalid could not be resolved');
  });

  it('lets private addresses through when allowed, answering the address checked', async () => {
    expect(await checkTarget('http://127.0.0.1:9/hook', true)).toMatchObject({ address: '127.0.0.1', family: 4 });
  });
});

describe('postTo', () => {
  let server: http.Server;
  let port: number;
  const seen: { host: string | undefined; path: string | undefined }[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push({ host: request.headers.host, path: request.url });
      if (request.url === '/moved') response.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` }).end();
      else response.writeHead(200).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('connects to the address checked, whatever the name resolves to now, and follows no redirect', async () => {
    const pinned = { url: new URL(`http://rebinding.invalid:${port}/hook`), address: '127.0.0.1', family: 4 as const };
    expect(await postTo(pinned, {}, '{}', 5000)).toEqual({ status: 200, body: 'ok' });
    expect(seen.at(-1)).toEqual({ host: `rebinding.invalid:${port}`, path: '/hook' });
    const moved = { url: new URL(`http://127.0.0.1:${port}/moved`), address: '127.0.0.1', family: 4 as const };
    expect((await postTo(moved, {}, '{}', 5000)).status).toBe(302);
    expect(seen.map((s) => s.path)).not.toContain('/elsewhere');
  });
});
