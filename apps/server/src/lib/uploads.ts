import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidField } from './errors.js';
import { displayFileName } from './images.js';

/** A file as a route hands it over: its bytes, still streaming, and the name it came with. */
export interface Upload {
  stream: Readable;
  fileName: string | null;
}

/** An uploaded file of any type, with the type its client declared. */
export interface DeclaredUpload extends Upload {
  declaredType: string | null;
}

/**
 * Reads a multipart body part by part and hands its file to `store` (see `receiveFileParts`);
 * answers the form fields. The caller decides, before anything is read, whether to read at all.
 */
export type ReceiveUpload = (
  store: (upload: DeclaredUpload, fieldsSoFar: Readonly<Record<string, string>>) => Promise<void>,
) => Promise<Record<string, string>>;

/** A file at hand (the seed's, a test's) as a form of that file alone would hand it over; `read` may wait for it. */
export const receiveFile =
  (read: () => Promise<Upload>): ReceiveUpload =>
  async (store) => {
    await store({ ...(await read()), declaredType: null }, {});
    return {};
  };

/** What busboy may read of one request: one file, a few short fields. */
const LIMITS = { files: 1, fields: 10, parts: 20, fieldSize: 10_000 };

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

export const fileTooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${megabytes(maxBytes)} (${maxBytes} bytes)`, {
    details: [{ field: 'file', message: `At most ${maxBytes} bytes` }],
  });

const notMultipart = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in a part named "file"');
const noFile = () => invalidField('file', 'Attach a file (a part named "file")');

/**
 * The file part of a multipart/form-data request, as a stream read on demand (nothing
 * is buffered or stored here). Past `maxBytes` the stream fails with a 413 naming the limit.
 */
export async function readFilePart(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw notMultipart();
  const part = await request.file({ limits: { ...LIMITS, fileSize: maxBytes } }).catch((err: unknown) => {
    throw malformed(err);
  });
  if (!part) throw noFile();
  return { stream: cappedStream(part.file, maxBytes), fileName: displayFileName(part.filename) };
}

/**
 * A multipart/form-data body with fields beside the file: the fields read before the part
 * named "file" are handed to `store` with it (a stream, never buffered, that fails with 413
 * past `maxBytes`); any other file part is read and dropped. Answers every field.
 */
export function receiveFileParts(request: FastifyRequest, maxBytes: number): ReceiveUpload {
  return async (store) => {
    if (!request.isMultipart()) throw notMultipart();
    const fields: Record<string, string> = {};
    let received = false;
    try {
      for await (const part of request.parts({ limits: { ...LIMITS, fileSize: maxBytes } })) {
        if (part.type === 'field') {
          if (part.valueTruncated) throw invalidField(`body.${part.fieldname}`, 'Too long');
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        } else if (part.fieldname !== 'file' || received) {
          for await (const chunk of part.file) void chunk;
        } else {
          received = true;
          const upload = { stream: cappedStream(part.file, maxBytes), fileName: displayFileName(part.filename), declaredType: part.mimetype || null };
          await store(upload, { ...fields });
        }
      }
    } catch (err) {
      throw malformed(err);
    }
    if (!received) throw noFile();
    return fields;
  };
}

const cappedStream = (file: Readable & { truncated?: boolean }, maxBytes: number) => Readable.from(capped(file, maxBytes), { objectMode: false });

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
