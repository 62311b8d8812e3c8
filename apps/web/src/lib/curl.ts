/** Text in single quotes for a POSIX shell: a quote inside is closed, escaped and opened again. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export interface CurlRequest {
  method: string;
  /** The whole address, origin included. */
  url: string;
  accept?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Signed in: the request carries the token, written $TOKEN (never its value). */
  withToken: boolean;
}

/** A request as a curl command a shell reads back, an option a line. */
export function curlCommand(request: CurlRequest): string {
  const lines = [`curl${request.method === 'GET' ? '' : ` -X ${request.method}`} ${shellQuote(request.url)}`];
  if (request.withToken) lines.push('-H "Authorization: Bearer $TOKEN"');
  if (request.accept) lines.push(`-H ${shellQuote(`Accept: ${request.accept}`)}`);
  if (request.body !== undefined) lines.push("-H 'Content-Type: application/json'", `--data ${shellQuote(JSON.stringify(request.body))}`);
  return lines.join(' \\\n  ');
}
