import { describe, expect, it } from 'vitest';
import { curlCommand } from './curl';

describe('curlCommand', () => {
  it('spells a request as a curl command a shell reads back, quotes and all', () => {
    const command = curlCommand({
      method: 'POST',
      url: 'https://obs.example.org/api/v1/sandbox/query',
      body: { where: [{ field: 'owner', value: "O'Brien" }] },
      withToken: false,
    });
    expect(command).toBe(
      [
        "curl -X POST 'https://obs.example.org/api/v1/sandbox/query'",
        "-H 'Content-Type: application/json'",
        `--data '{"where":[{"field":"owner","value":"O'\\''Brien"}]}'`,
      ].join(' \\\n  '),
    );
  });

  it('names the token of a signed-in user as $TOKEN; a GET has no -X', () => {
    expect(curlCommand({ method: 'GET', url: 'https://obs.example.org/api/v1/pubs', accept: 'text/csv', withToken: true })).toBe(
      ["curl 'https://obs.example.org/api/v1/pubs'", '-H "Authorization: Bearer $TOKEN"', "-H 'Accept: text/csv'"].join(' \\\n  '),
    );
  });
});
