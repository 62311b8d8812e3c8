/**
 * Image processing for the benchmark: the CPU time of the pipeline every image upload goes
 * through (makeImageVersions with IMAGE_SIZES and the default pixel limit, as the assets
 * service calls it) against the image's pixel count, for three kinds of file:
 *
 * - a flat PNG (one colour, deflated: 36 MP in about 115 KB, the kind of file that is tiny
 *   to send and large to decode);
 * - the same PNG Adam7-interlaced, which cannot be read a row at a time;
 * - a JPEG like a phone photo: smooth colour with sensor-like grain, quality 90 (about
 *   2.2 bits a pixel), stored sideways with EXIF orientation 6 as phones do.
 *
 * CPU time (process.cpuUsage: every thread of the process, libvips' included) rather than
 * wall time, the median of a few runs; each figure also as a ratio: to the same kind's
 * smallest image (against its ratio of pixels) and to one plain decode of the whole image.
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { IMAGE_SIZES, type ImageMediaType } from '@observatory/shared';
import { loadConfig } from '../src/config.js';
import { makeImageVersions } from '../src/lib/images.js';

/** Width x height of each image: about 1, 6, 12, 24, 36 and 48 megapixels (8000 x 6000 is a 48 MP phone sensor). */
const DIMENSIONS: [number, number][] = [
  [1200, 800],
  [3000, 2000],
  [4000, 3000],
  [6000, 4000],
  [6000, 6000],
  [8000, 6000],
];
/** Runs of each measurement; the median is reported. */
const RUNS = 3;

interface Kind {
  label: string;
  mediaType: ImageMediaType;
  make: (width: number, height: number) => Promise<Buffer>;
}

const flat = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a6e4f' } });

/** Sensor-like grain, tiled over the photo (a tile of noise costs far less to make than a whole image of it). */
let grain: Promise<Buffer> | null = null;
const grainTile = () =>
  (grain ??= sharp({ create: { width: 509, height: 509, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 14 } } })
    .png()
    .toBuffer());

/** Smooth colour (noise 16 times smaller, enlarged) under grain: compresses about as a phone photo does. */
async function photo(width: number, height: number): Promise<Buffer> {
  const colour = await sharp({
    create: {
      width: Math.ceil(width / 16),
      height: Math.ceil(height / 16),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .png()
    .toBuffer();
  return sharp(colour)
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .composite([{ input: await grainTile(), tile: true, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const KINDS: Kind[] = [
  { label: 'PNG, flat', mediaType: 'image/png', make: (w, h) => flat(w, h).png({ compressionLevel: 9 }).toBuffer() },
  { label: 'PNG, flat, interlaced', mediaType: 'image/png', make: (w, h) => flat(w, h).png({ compressionLevel: 9, progressive: true }).toBuffer() },
  { label: 'JPEG, phone photo', mediaType: 'image/jpeg', make: photo },
];

export interface ImageFigure {
  kind: string;
  width: number;
  height: number;
  megapixels: number;
  bytes: number;
  /** CPU ms of makeImageVersions (every size of IMAGE_SIZES), median of RUNS. */
  cpuMs: number;
  cpuMsPerMegapixel: number;
  /** cpuMs / the same kind's smallest image's, to read against megapixels / its megapixels. */
  cpuRatio: number;
  pixelRatio: number;
  /** cpuMs / the CPU ms of one plain decode of the whole image (sharp to raw pixels). */
  decodeRatio: number;
}

export interface ImageFigures {
  sizes: number[];
  maxPixels: number;
  runs: number;
  figures: ImageFigure[];
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function medianCpu(task: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = cpuMs();
    await task();
    times.push(cpuMs() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

export async function benchImages(): Promise<ImageFigures> {
  const sizes = Object.values(IMAGE_SIZES);
  // The default limit, raised if need be so the largest image is measured too.
  const maxPixels = Math.max(loadConfig({}).images.maxPixels, ...DIMENSIONS.map(([w, h]) => w * h));
  const figures: ImageFigure[] = [];
  for (const kind of KINDS) {
    let first: { cpuMs: number; megapixels: number } | null = null;
    for (const [width, height] of DIMENSIONS) {
      const file = await kind.make(width, height);
      const megapixels = (width * height) / 1e6;
      const cpu = await medianCpu(() => makeImageVersions(Readable.from([file]), { mediaType: kind.mediaType, sizes, maxPixels }));
      const decode = await medianCpu(() => sharp(file, { limitInputPixels: maxPixels }).raw().toBuffer());
      first ??= { cpuMs: cpu, megapixels };
      figures.push({
        kind: kind.label,
        width,
        height,
        megapixels: round(megapixels),
        bytes: file.length,
        cpuMs: round(cpu),
        cpuMsPerMegapixel: round(cpu / megapixels),
        cpuRatio: round(cpu / first.cpuMs),
        pixelRatio: round(megapixels / first.megapixels),
        decodeRatio: round(cpu / decode),
      });
    }
  }
  return { sizes, maxPixels, runs: RUNS, figures };
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

export function printImages(figures: ImageFigures): void {
  console.log(
    `\nImage processing of an upload (WebP of ${figures.sizes.join(', ')} px; CPU time, median of ${figures.runs}): ms, ms per megapixel, ÷ the kind's smallest (pixels ÷ its pixels), ÷ one plain decode`,
  );
  const header = ['image', 'MP', 'file KB', 'CPU ms', 'ms/MP', '÷ smallest', '(pixels)', '÷ decode'];
  const rows = figures.figures.map((f) => [
    `${f.kind} ${f.width}x${f.height}`,
    f.megapixels.toFixed(1),
    (f.bytes / 1024).toFixed(0),
    f.cpuMs.toFixed(0),
    f.cpuMsPerMegapixel.toFixed(1),
    f.cpuRatio.toFixed(2),
    `(${f.pixelRatio.toFixed(1)})`,
    f.decodeRatio.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
