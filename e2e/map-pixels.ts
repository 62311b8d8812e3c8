import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';

/** What a map draws, read from its pixels: a base map's tiles or the built-in background. */

const mapOf = (page: Page) => page.locator('[data-map-state]');

export type Rgb = [number, number, number];

/** The share of the map's pixels in one of `colours`, as drawn now (polled: a ready map may still be fading its tiles in). */
export async function shareIn(page: Page, colours: Rgb[]): Promise<number> {
  const shot = await sharp(await mapOf(page).screenshot())
    .removeAlpha()
    .raw()
    .toBuffer();
  let same = 0;
  for (let i = 0; i < shot.length; i += 3)
    if (colours.some(([r, g, b]) => Math.abs(shot[i]! - r) + Math.abs(shot[i + 1]! - g) + Math.abs(shot[i + 2]! - b) < 12)) same++;
  return same / (shot.length / 3);
}

/** The share of the map's pixels in the one colour of e2e/map-style-server.mjs's tiles. */
export async function shareInTileColour(page: Page, request: APIRequestContext): Promise<number> {
  const host = new URL(process.env.E2E_STYLE_URL!).origin;
  const tile = await sharp(await (await request.get(`${host}/tiles/0/0/0.png`)).body())
    .raw()
    .toBuffer();
  return shareIn(page, [[tile[0]!, tile[1]!, tile[2]!]]);
}

/** The built-in style's water and land (components/map/base-style.ts). */
export const BUILT_IN_COLOURS: Rgb[] = [
  [0xdb, 0xe4, 0xea],
  [0xf4, 0xf3, 0xef],
];
