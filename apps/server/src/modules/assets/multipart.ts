import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../../lib/errors.js';
import { displayFileName } from '../../lib/images.js';
import type { Upload } from './service.js';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

export const fileTooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${megabytes(maxBytes)} (${maxBytes} bytes)`, {
    details: [{ field: 'file', message: `At most ${maxBytes} bytes` }],
  });

/**
 * The file part of a multipart/form-data request, as a stream read on demand (nothing
 * is buffered or stored here). Past `maxBytes` the stream fails with a 413 naming the limit.
 */
export async function readFilePart(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in a part named "file"');
  }
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 } }).catch((err: unknown) => {
    throw malformed(err);
  });
  if (!part) throw invalidField('file', 'Attach a file (a part named "file")');
  return { stream: Readable.from(capped(part.file, maxBytes), { objectMode: false }), fileName: displayFileName(part.filename) };
}

/** Busboy ends a file at the size limit and marks it truncated: that must fail, not store a cut file. */
async function* capped(file: Readable & { truncated?: boolean }, maxBytes: number) {
  try {
    for await (const chunk of file) yield chunk as Buffer;
  } catch (err) {
    throw malformed(err);
  }
  if (file.truncated) throw fileTooLarge(maxBytes);
}

/** A broken multipart body is the client's: 400, not a 500. */
function malformed(err: unknown): unknown {
  const status = (err as { statusCode?: number }).statusCode;
  if (err instanceof AppError || (status && status >= 400 && status < 500)) return err;
  const reason = err instanceof Error ? err.message : String(err);
  return new AppError('VALIDATION_FAILED', `The upload could not be read: ${reason}`, { details: [{ field: 'body', message: reason }] });
}
