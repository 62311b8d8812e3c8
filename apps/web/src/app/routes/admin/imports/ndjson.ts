/**
 * Newline-delimited JSON (application/x-ndjson), as a streamed import commit answers it:
 * one JSON value a line. Chunks of the body split lines (and characters) anywhere, so the
 * text is decoded as a stream and a line is only read once its newline has come.
 */

/** Splits text that comes in pieces into whole lines: `push` answers the lines a piece completes, `end` the last one. */
export function lineSplitter() {
  let rest = '';
  const lines = (text: string) =>
    text
      .split('\n')
      .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
      .filter((line) => line.trim() !== '');
  return {
    push(piece: string): string[] {
      const text = rest + piece;
      const last = text.lastIndexOf('\n');
      if (last < 0) {
        rest = text;
        return [];
      }
      rest = text.slice(last + 1);
      return lines(text.slice(0, last));
    },
    /** What is left after the last newline: a final line the stream did not end with one. */
    end(): string[] {
      const text = rest;
      rest = '';
      return lines(text);
    },
  };
}

/** A line that is not JSON: the stream was cut or is not what it should be. */
export class NdjsonLineError extends Error {
  constructor(readonly line: string) {
    super(`The answer could not be read: ${line.length > 80 ? `${line.slice(0, 80)}…` : line}`);
    this.name = 'NdjsonLineError';
  }
}

const parse = (line: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    throw new NdjsonLineError(line);
  }
};

/** Each JSON value of a streamed body, as soon as its line has come. */
export async function* readNdjson(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const splitter = lineSplitter();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        break;
      }
      for (const line of splitter.push(decoder.decode(value, { stream: true }))) yield parse(line);
    }
    for (const line of splitter.push(decoder.decode())) yield parse(line);
    for (const line of splitter.end()) yield parse(line);
  } finally {
    // Left before its end (the result read, or a line that is not JSON): nothing more is wanted.
    if (finished) reader.releaseLock();
    else await reader.cancel().catch(() => undefined);
  }
}
