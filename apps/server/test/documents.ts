import { DOCUMENT_SAMPLE, normalizeDocument, type ProseMirrorDoc, fieldProblem } from '@observatory/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The asset the sample's image node names. */
const SAMPLE_IMAGE = '3f2b8c1e-5d4a-4c6b-9e7f-0a1b2c3d4e5f';

const paragraph = (content: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] });

/** Documents outside the shared list of nodes and marks, with the field and message of their 400. */
const OUTSIDE_THE_LIST = [
  {
    doc: paragraph([{ type: 'text', text: 'x', marks: [{ type: 'highlight' }] }]),
    at: '.content.0.content.0.marks.0.type',
    message: 'Unknown mark "highlight"',
  },
  { doc: { type: 'doc', content: [{ type: 'video', attrs: { src: 'https://example.org/a.mp4' } }] }, at: '.content.0.type', message: 'Unknown node "video"' },
  {
    doc: { type: 'doc', content: [{ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'heading', attrs: { level: 2 } }] }] }] },
    at: '.content.0.content.0.content.0',
    message: 'A listItem needs a paragraph here, not heading (it holds paragraph block*)',
  },
];

/**
 * Every place a document is written: it takes every node and mark of the list (the
 * sample comes back the same), and refuses a document outside it with a 400 that names
 * the node or mark, changing nothing.
 */
export async function expectDocumentsChecked(
  write: (doc: unknown) => Promise<LightMyRequestResponse>,
  read: () => Promise<ProseMirrorDoc>,
  field: string,
  /** An image the writer uploaded: the sample's image node names it (a document names only images its writer may see). */
  image: string,
) {
  const sample = JSON.parse(JSON.stringify(DOCUMENT_SAMPLE).replaceAll(SAMPLE_IMAGE, image)) as ProseMirrorDoc;
  const saved = await write(sample);
  expect(saved.statusCode, saved.body).toBeLessThan(300);
  expect(normalizeDocument(await read())).toEqual(normalizeDocument(sample));
  for (const bad of OUTSIDE_THE_LIST) {
    const res = await write(bad.doc);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: `${field}${bad.at}`, message: bad.message });
    expect(res.json().error).toBe(fieldProblem(`${field}${bad.at}`, bad.message));
  }
  expect(normalizeDocument(await read())).toEqual(normalizeDocument(sample));
}
