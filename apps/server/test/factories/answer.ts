import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { FilePart } from '../harness.js';

/**
 * The body of an answer a factory expects, or an error naming the call and what the API
 * said instead: a factory that cannot make its thing stops the test there, with the reason.
 */
export function expectAnswer<T>(res: LightMyRequestResponse, status: number, call: string): T {
  if (res.statusCode !== status) throw new Error(`${call}: expected ${status}, the API answered ${res.statusCode}: ${res.body.slice(0, 2000)}`);
  return res.json() as T;
}

/** The `doc` part of a body: left out when not given, so the API's own default applies. */
export const docPart = (doc: unknown) => (doc === undefined ? {} : { doc });

/** A small PNG, for factories that upload an image when the test gives none. */
export async function samplePng(): Promise<FilePart> {
  const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7a5c' } })
    .png()
    .toBuffer();
  return { data, fileName: 'sample.png', type: 'image/png' };
}

/** A small CSV, for factories that upload a data file when the test gives none. */
export const sampleCsv = (): FilePart => ({ data: Buffer.from('name,title\nsample-1,Sample one\n'), fileName: 'sample.csv', type: 'text/csv' });
