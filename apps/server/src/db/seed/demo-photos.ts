import sharp from 'sharp';
import type { LonLat } from './demo-objects.js';
import { createRandom } from './random.js';

/** Small, so the demo seed stays quick; still larger than the display size. */
const WIDTH = 720;
const HEIGHT = 480;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A ridge line across the picture: `points` heights between `top` and `bottom`, as an SVG path filled down to the bottom edge. */
function ridge(random: ReturnType<typeof createRandom>, top: number, bottom: number, points: number): string {
  const step = WIDTH / (points - 1);
  const line = Array.from({ length: points }, (_, i) => `L${Math.round(i * step)} ${Math.round(random.between(top, bottom))}`).join(' ');
  return `M0 ${HEIGHT} ${line} L${WIDTH} ${HEIGHT} Z`;
}

/** The picture as SVG: sky, two ranges of hills, a foreground, and the caption drawn on it (centred, as thumbnails crop the sides). */
function landscapeSvg(seed: string, title: string, subtitle: string): string {
  const random = createRandom(seed);
  const hue = Math.round(random.between(90, 150));
  const sky = ['#6fa8dc', '#9fc5e8', '#a4b8c4', '#f6b26b'][random.int(0, 3)];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#eef3f7"/></linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},35%,38%)"/><stop offset="1" stop-color="hsl(${hue},40%,22%)"/></linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <path d="${ridge(random, 120, 260, 9)}" fill="hsl(215,15%,${Math.round(random.between(55, 70))}%)"/>
  <path d="${ridge(random, 230, 330, 7)}" fill="hsl(${hue},25%,${Math.round(random.between(42, 52))}%)"/>
  <path d="${ridge(random, 340, 400, 5)}" fill="url(#ground)"/>
  <rect y="${HEIGHT - 92}" width="${WIDTH}" height="92" fill="black" fill-opacity="0.35"/>
  <text x="${WIDTH / 2}" y="${HEIGHT - 52}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="28" font-weight="bold" fill="white">${escapeXml(title)}</text>
  <text x="${WIDTH / 2}" y="${HEIGHT - 20}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="18" fill="white">${escapeXml(subtitle)}</text>
</svg>`;
}

/** EXIF's degrees, minutes and seconds as rationals, seconds to a hundredth. */
function dms(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const hundredths = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
  return `${degrees}/1 ${minutes}/1 ${hundredths}/100`;
}

/** "2025:07:14 10:32:00", as cameras write the time they took a photo. */
const exifTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');

/**
 * A landscape-like JPEG made here (no downloads), with the time and GPS position a camera
 * would write into its EXIF, so the photos service reads them back as for any upload.
 */
export async function demoPhoto(options: { seed: string; title: string; subtitle: string; takenAt: Date; at: LonLat }): Promise<Buffer> {
  const [lon, lat] = options.at;
  return sharp(Buffer.from(landscapeSvg(options.seed, options.title, options.subtitle)))
    .jpeg({ quality: 78 })
    .withExif({
      IFD0: { Make: 'Observatory', Model: 'Demo camera' },
      IFD2: { DateTimeOriginal: exifTime(options.takenAt) },
      IFD3: { GPSLatitudeRef: lat >= 0 ? 'N' : 'S', GPSLatitude: dms(lat), GPSLongitudeRef: lon >= 0 ? 'E' : 'W', GPSLongitude: dms(lon) },
    })
    .toBuffer();
}
