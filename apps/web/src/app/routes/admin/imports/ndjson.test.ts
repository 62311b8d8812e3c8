import { describe, expect, it } from 'vitest';
import { lineSplitter, NdjsonLineError, readNdjson } from './ndjson';

/** A body that sends these chunks, one read each. */
function body(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function all(stream: ReadableStream<Uint8Array>) {
  const values: unknown[] = [];
  for await (const value of readNdjson(stream)) values.push(value);
  return values;
}

describe('lineSplitter', () => {
  it('answers a line only once its newline has come', () => {
    const split = lineSplitter();
    expect(split.push('{"a":')).toEqual([]);
    expect(split.push('1}\n{"b"')).toEqual(['{"a":1}']);
    expect(split.push(':2}\n')).toEqual(['{"b":2}']);
    expect(split.end()).toEqual([]);
  });

  it('answers every line a piece completes, and skips empty lines', () => {
    const split = lineSplitter();
    expect(split.push('1\n\n2\n3')).toEqual(['1', '2']);
    expect(split.end()).toEqual(['3']);
  });

  it('takes CRLF line ends', () => {
    const split = lineSplitter();
    expect(split.push('1\r\n2\r')).toEqual(['1']);
    expect(split.push('\n')).toEqual(['2']);
  });

  it('answers nothing at the end when the last line ended with its newline', () => {
    const split = lineSplitter();
    split.push('1\n');
    expect(split.end()).toEqual([]);
  });
});

describe('readNdjson', () => {
  it('yields each value of a body split anywhere, a last line without a newline included', async () => {
    const lines = [
      '{"progress":{"phase":"writing","done":0,"total":2000}}',
      '{"progress":{"phase":"writing","done":1000,"total":2000}}',
      '{"result":{"total":2}}',
    ];
    const text = lines.join('\n');
    const chunks = [text.slice(0, 7), text.slice(7, 60), text.slice(60, 61), text.slice(61)];
    expect(await all(body(chunks))).toEqual([
      { progress: { phase: 'writing', done: 0, total: 2000 } },
      { progress: { phase: 'writing', done: 1000, total: 2000 } },
      { result: { total: 2 } },
    ]);
  });

  it('decodes a character whose bytes two chunks split', async () => {
    const bytes = new TextEncoder().encode('{"error":{"error":"Gösta’s row"}}\n');
    const cut = bytes.indexOf(0xc3) + 1; // inside "ö"
    expect(await all(body([bytes.slice(0, cut), bytes.slice(cut)]))).toEqual([{ error: { error: 'Gösta’s row' } }]);
  });

  it('throws on a line that is not JSON', async () => {
    await expect(all(body(['{"progress":1}\n', 'Internal Server Error\n']))).rejects.toBeInstanceOf(NdjsonLineError);
  });

  it('stops reading when the reader stops early', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode(`{"n":${pulled}}\n`));
      },
    });
    for await (const value of readNdjson(stream)) {
      if ((value as { n: number }).n === 2) break;
    }
    expect(pulled).toBeLessThan(5);
  });
});
