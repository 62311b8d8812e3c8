import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { AppError } from './errors.js';
import { displayFileName, makeImageVersions, notAnImage, peek, sniffImageType } from './images.js';

/** The start of an iPhone photo: an ISO media file of brand "heic" (a "meta" box follows). */
const heicHead = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.from([0, 0, 0, 0x10]), Buffer.from('meta\0\0\0\0hdlr')]);

/** Peak signal-to-noise ratio of two images' 8-bit pixels, in dB: higher is closer. */
function psnr(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let squares = 0;
  for (let i = 0; i < a.length; i++) squares += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255 * a.length) / squares);
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a6' } });

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes', async () => {
    expect(sniffImageType(await solid(4, 4).jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await solid(4, 4).png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await solid(4, 4).webp().toBuffer())).toBe('image/webp');
  });

  it('refuses everything else, whatever it is called', async () => {
    expect(sniffImageType(await solid(4, 4).gif().toBuffer())).toBeNull();
    expect(sniffImageType(await solid(4, 4).tiff().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF....WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    expect(sniffImageType(heicHead())).toBeNull();
  });
});

describe('HEIC', () => {
  it('cannot be read by the bundled sharp: its libvips decodes HEIF only with AV1 (AVIF), it has no HEVC codec', async () => {
    // Should this change (a libvips built with libde265), HEIC could be accepted like the others.
    expect(sharp.format.heif.input.fileSuffix).toEqual(['.avif']);
    await expect(solid(8, 8).heif({ compression: 'hevc' }).toBuffer()).rejects.toThrow(/unsupported compression/i);
  });

  it('is refused with a message of its own, naming the accepted formats', () => {
    const error = notAnImage(heicHead());
    expect(error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', details: [{ field: 'file', message: expect.stringMatching(/^HEIC is not supported/) }] });
    expect(error.message).toMatch(/HEIC .*JPEG, PNG or WebP/);
    expect(notAnImage(Buffer.from('GIF89a')).message).not.toMatch(/HEIC/);
  });
});

describe('peek', () => {
  it('answers the head and a stream of the whole content, in chunks of any size', async () => {
    const chunks = ['ab', 'c', 'defghij', 'klmnop'].map((s) => Buffer.from(s));
    const { head, stream } = await peek(Readable.from(chunks), 5);
    expect(head.toString()).toBe('abcdefghij');
    expect((await buffer(stream)).toString()).toBe('abcdefghijklmnop');
  });

  it('copes with a stream shorter than the head', async () => {
    const { head, stream } = await peek(Readable.from([Buffer.from('ab')]), 12);
    expect(head.toString()).toBe('ab');
    expect((await buffer(stream)).toString()).toBe('ab');
  });
});

describe('makeImageVersions', () => {
  it('fits each version inside its size without enlarging, upright and without metadata', async () => {
    const photo = await solid(300, 120)
      .jpeg()
      .withMetadata({ orientation: 8 })
      .withExifMerge({ IFD0: { Artist: 'Someone' } })
      .toBuffer();
    const decoded = await makeImageVersions(Readable.from([photo]), { mediaType: 'image/jpeg', sizes: [96, 400], maxPixels: 1e6 });
    expect([decoded.width, decoded.height]).toEqual([120, 300]);
    expect(decoded.versions.map((v) => [v.size, v.width, v.height])).toEqual([
      [96, 38, 96],
      [400, 120, 300],
    ]);
    const meta = await sharp(decoded.versions[0]!.data).metadata();
    expect([meta.format, meta.exif, meta.orientation]).toEqual(['webp', undefined, undefined]);
  });

  it('makes the smaller versions from one decode as well as from the original: as close to the exact resize as WebP made from the original', async () => {
    // A photo-like image (smooth colour under grain) of 2400 x 1800: each size fits it exactly.
    const colour = await sharp({ create: { width: 150, height: 113, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
      .png()
      .toBuffer();
    const grain = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 14 } } })
      .raw()
      .toBuffer();
    const photo = await sharp(colour)
      .resize(2400, 1800, { fit: 'fill' })
      .composite([{ input: grain, raw: { width: 2400, height: 1800, channels: 3 }, blend: 'soft-light' }])
      .jpeg({ quality: 90 })
      .toBuffer();
    const decoded = await makeImageVersions(Readable.from([photo]), { mediaType: 'image/jpeg', sizes: [96, 400, 1600], maxPixels: 1e7 });
    const pixels = (image: Buffer) => sharp(image).raw().toBuffer();
    for (const version of decoded.versions) {
      const fit = { width: version.size, height: version.size, fit: 'inside' } as const;
      const exact = await sharp(photo).resize(fit).raw().toBuffer();
      const fromOriginal = await sharp(photo).resize(fit).webp({ quality: 82 }).toBuffer();
      expect(psnr(await pixels(version.data), exact), `${version.size} px`).toBeGreaterThan(psnr(await pixels(fromOriginal), exact) - 0.2);
    }
  });

  it('takes a 48 MP phone photo under the default pixel limit, and refuses an image just over it naming the file', async () => {
    const { maxPixels } = loadConfig({}).images;
    const photo = await solid(8000, 6000).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const decoded = await makeImageVersions(Readable.from([photo]), { mediaType: 'image/jpeg', sizes: [96], maxPixels });
    expect([decoded.width, decoded.height]).toEqual([6000, 8000]);
    const over = await solid(10_000, 5001).png().toBuffer();
    const error = await makeImageVersions(Readable.from([over]), { mediaType: 'image/png', sizes: [96], maxPixels }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The image has more than 50 megapixels, the limit',
      details: [{ field: 'file', message: 'At most 50000000 pixels' }],
    });
  });

  it('refuses a file whose content is not the type its first bytes claimed, and one over the pixel limit', async () => {
    const png = await solid(50, 40).png().toBuffer();
    await expect(makeImageVersions(Readable.from([png]), { mediaType: 'image/jpeg', sizes: [96], maxPixels: 1e6 })).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const error = await makeImageVersions(Readable.from([png]), { mediaType: 'image/png', sizes: [96], maxPixels: 1999 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('displayFileName', () => {
  it('keeps the name only, for display', () => {
    expect(displayFileName('C:\\Users\\me\\IMG 1.jpg')).toBe('IMG 1.jpg');
    expect(displayFileName('../../etc/passwd')).toBe('passwd');
    expect(displayFileName('bad\u0000name\n.png')).toBe('badname.png');
    expect(displayFileName('dir/')).toBeNull();
    expect(displayFileName(undefined)).toBeNull();
    expect(displayFileName('x'.repeat(300))).toHaveLength(255);
  });

  it('drops bidirectional controls, so a name reads as what it is', () => {
    expect(displayFileName('evil\u202egnp.exe')).toBe('evilgnp.exe');
    expect(displayFileName('\u2066report\u2069\u200f.pdf\u202a')).toBe('report.pdf');
    expect(displayFileName('a\u202b/b\u2067\\c\u202c.txt')).toBe('c.txt');
  });
});
