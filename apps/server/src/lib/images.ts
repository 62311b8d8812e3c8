import { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_MEDIA_TYPES, type ImageMediaType } from '@observatory/shared';
import { AppError } from './errors.js';
import { isHeic } from './file-types.js';

export { sniffImageType } from './file-types.js';

/**
 * One libvips thread per image decoded (sharp's default is a thread per core, or one on
 * glibc Linux without jemalloc): with the assets service's queue of IMAGE_CONCURRENCY (1 by
 * default), decoding keeps about one core busy however many images are uploaded at once.
 */
sharp.concurrency(1);

/** Enough of a file's start to tell JPEG, PNG and WebP apart (and HEIC from them). */
export const SNIFF_BYTES = 12;

/**
 * The refusal of a file that is not a JPEG, PNG or WebP, by its first bytes. HEIC photos
 * (iPhones save them) get a message of their own: the libvips bundled with sharp reads
 * HEIF only with AV1 (AVIF), it has no HEVC decoder, so they cannot be converted here.
 */
export const notAnImage = (head?: Buffer) => {
  const accepted = `Accepted types: ${IMAGE_MEDIA_TYPES.join(', ')}`;
  if (head && isHeic(head)) {
    return new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'HEIC photos cannot be read here: send a JPEG, PNG or WebP image (phones can share or export a photo as JPEG)',
      {
        details: [{ field: 'file', message: `HEIC is not supported. ${accepted}` }],
      },
    );
  }
  return new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not an image we accept: send a JPEG, PNG or WebP image', {
    details: [{ field: 'file', message: accepted }],
  });
};

/**
 * Reads the first `bytes` of a stream without losing them: answers them and a stream
 * that yields the whole content again, still unread beyond the head.
 */
export async function peek(source: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes && !ended) {
    const next = await iterator.next();
    if (next.done) ended = true;
    else {
      chunks.push(next.value);
      length += next.value.length;
    }
  }
  const head = Buffer.concat(chunks);
  async function* whole() {
    try {
      yield head;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // Destroying the returned stream early (a refused upload) ends the source too.
      await iterator.return?.();
    }
  }
  return { head, stream: Readable.from(whole(), { objectMode: false }) };
}

export interface ImageVersion {
  /** Longest side it was made for, e.g. 96. */
  size: number;
  data: Buffer;
  width: number;
  height: number;
}

export interface DecodedImage {
  /** As displayed, i.e. after the EXIF orientation is applied. */
  width: number;
  height: number;
  versions: ImageVersion[];
}

export const DAMAGED_IMAGE = 'The image file is damaged or not a JPEG, PNG or WebP';

const FORMAT_OF: Record<ImageMediaType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Decodes an image (at most `maxPixels`) and makes a WebP of each size: turned upright
 * by its EXIF orientation, fitted inside size x size without enlarging, metadata dropped.
 * The image is decoded once (see `versionsOf`).
 */
export async function makeImageVersions(
  input: Readable,
  options: { mediaType: ImageMediaType; sizes: readonly number[]; maxPixels: number },
): Promise<DecodedImage> {
  const image = sharp({ limitInputPixels: options.maxPixels });
  input.on('error', (err) => image.destroy(err));
  input.pipe(image);
  try {
    const meta = await image.metadata();
    if (meta.format !== FORMAT_OF[options.mediaType]) throw notAnImage();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (width * height > options.maxPixels) throw tooManyPixels(options.maxPixels);
    return { width, height, versions: await versionsOf(image, options.sizes) };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels(options.maxPixels);
    // The decoder's own words ("VipsJpeg: Corrupt JPEG data…") mean nothing to a user: the log keeps them.
    throw new AppError('VALIDATION_FAILED', DAMAGED_IMAGE, { details: [{ field: 'file', message: DAMAGED_IMAGE }], cause: err });
  }
}

const inside = (size: number) => ({ width: size, height: size, fit: 'inside', withoutEnlargement: true }) as const;

/**
 * The versions from one decode: the image is decoded, turned upright and fitted inside the
 * largest size once, into raw pixels in memory (nothing lost to an encoding); each version
 * is encoded from those, the smaller ones resized from them again (from 4 and 16 times
 * their size, which looks the same as resizing the original: the bench and images.test.ts
 * measure it). sharp's clone() shares no decoding: each clone runs its pipeline from the
 * file again, so making every size from a clone of the original decoded it once per size,
 * and a PNG, a whole interlaced one above all, costs that much more (bench/images.ts).
 * One step after another: a sharp pipeline holds a libuv pool thread while it runs.
 */
async function versionsOf(image: Sharp, sizes: readonly number[]): Promise<ImageVersion[]> {
  const decoded = await image
    .rotate()
    .resize(inside(Math.max(...sizes)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels as 1 | 2 | 3 | 4 };
  const versions: ImageVersion[] = [];
  for (const size of sizes) {
    const { data, info } = await sharp(decoded.data, { raw }).resize(inside(size)).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    versions.push({ size, data, width: info.width, height: info.height });
  }
  return versions;
}

const tooManyPixels = (maxPixels: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The image has more than ${(maxPixels / 1e6).toLocaleString('en')} megapixels, the limit`, {
    details: [{ field: 'file', message: `At most ${maxPixels} pixels` }],
  });

/** A user's file name, kept for display only: no path, no control characters, at most 255 characters. */
export function displayFileName(name: string | undefined): string | null {
  const base = withoutHiddenControls((name ?? '').split(/[/\\]/).pop()!).trim();
  return base ? base.slice(0, 255) : null;
}

/**
 * Text without control characters and bidirectional controls (U+200E, U+200F, U+061C,
 * U+202A-U+202E, U+2066-U+2069): what a name shown to others must lose, or
 * "evil\u202Egnp.exe" would read "evilexe.png".
 */
export function withoutHiddenControls(text: string): string {
  // Matching control characters is the point here: they are stripped.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}
