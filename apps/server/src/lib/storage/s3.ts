import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { pipeline, type Readable } from 'node:stream';
import type { S3Config } from '../../config.js';
import { checkKey, isValidKey, measuring, type ByteRange, type ListedObject, type Storage, type StoredObject } from './types.js';

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Objects in an S3-compatible bucket. Uploads stream through lib-storage's Upload (a
 * multipart upload for large bodies); S3 shows an object only once it is complete.
 */
export function createS3Storage(config: S3Config): Storage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // We hash every upload ourselves; the SDK's newer default checksums are refused
    // by some S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  async function put(key: string, body: Readable, options: { contentType?: string } = {}): Promise<StoredObject> {
    const Key = checkKey(key);
    const measure = measuring();
    // pipeline (not pipe) passes a failing body's error on to the upload.
    const measured = pipeline(body, measure.stream, () => {});
    const params = { Bucket, Key, Body: measured, ...(options.contentType ? { ContentType: options.contentType } : {}) };
    await new Upload({ client, params }).done();
    return measure.result();
  }

  async function get(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key), Range }));
      return answer.Body as Readable;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function stat(key: string) {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
      return { size: answer.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** ListObjectsV2 a page (up to 1,000 keys) at a time. A multipart upload under way is no object yet, so it is not listed. */
  async function* list(options: { pageSize?: number } = {}): AsyncGenerator<ListedObject> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: options.pageSize }));
      for (const object of page.Contents ?? []) {
        if (object.Key && isValidKey(object.Key)) yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? null };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    kind: 's3',
    put,
    get,
    stat,
    exists: async (key) => (await stat(key)) !== null,
    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    list,
    close: async () => client.destroy(),
  };
}
