// Draws the installed app's PNG icons (apps/web/public/icons) from the favicon, which stays
// their one source: run it after changing favicon.svg, and commit what it writes.
// Browsers install a web app from its manifest's PNGs (192 and 512 px); a maskable icon keeps
// its drawing inside the middle 80%, which any mask shape leaves whole; iOS rounds corners itself.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const sharp = createRequire(path.join(root, 'apps/server/package.json'))('sharp');
const favicon = fs.readFileSync(path.join(root, 'apps/web/public/favicon.svg'), 'utf8').trim();
const square = favicon.replace(/ rx="[^"]*"/, '');
const background = /<rect[^>]*\/>/.exec(square)[0];
const drawing = square
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>$/, '')
  .replace(background, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background}<g transform="translate(6.4 6.4) scale(0.6)">${drawing}</g></svg>`;

const out = path.join(root, 'apps/web/public/icons');
fs.mkdirSync(out, { recursive: true });
const draw = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));

await draw(favicon, 192, 'icon-192.png');
await draw(favicon, 512, 'icon-512.png');
await draw(maskable, 512, 'maskable-512.png');
await draw(square, 180, 'apple-touch-icon.png');
