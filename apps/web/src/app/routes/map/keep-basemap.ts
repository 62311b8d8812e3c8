import { tilesCovering, type TileAddress } from '../../../features/map/area-tiles';
import type { Bbox } from '../../../features/map/map-view';

/**
 * A base map's part of a kept area (docs/offline.md "Kept on this device"), where the terms
 * of its host allow keeping it (app config `map.keepOrigins`): its style, each source's
 * TileJSON and its tiles over the area, its sprites and its fonts' glyphs for Latin text.
 * Each is read by `read`, which hands it to the keep being read (as the catalogue's answers
 * are); with no network the service worker answers the map's requests from what is kept.
 */

interface Source {
  type: string;
  url?: string;
  tiles?: string[];
  tileSize?: number;
  minzoom?: number;
  maxzoom?: number;
  scheme?: string;
}
interface StyleDocument {
  sources?: Record<string, Source>;
  sprite?: string | { id: string; url: string }[];
  glyphs?: string;
  layers?: { layout?: Record<string, unknown> }[];
}

/** At most this many tiles of each source. */
const BASEMAP_TILES_MAX = 400;
/** The glyph ranges kept of each font: Basic Latin and Latin-1, Latin Extended, and punctuation. */
const GLYPH_RANGES = ['0-255', '256-511', '8192-8447'];
/** Files asked for at once. */
const AT_ONCE = 4;
/** Sources drawn from tiles. */
const TILED = new Set(['vector', 'raster', 'raster-dem']);

/** The font MapLibre draws a label in that names none. */
const DEFAULT_FONT = ['Open Sans Regular', 'Arial Unicode MS Regular'];

/**
 * The fonts the style's labels name (`text-font`: a list, or lists inside an expression).
 * A list of names is told from an expression's operator by its capitals or spaces ("Noto
 * Sans Regular" against "literal", "step", "zoom").
 */
export function fontStacks(style: StyleDocument): string[] {
  const stacks = new Set<string>();
  const collect = (value: unknown) => {
    if (!Array.isArray(value)) return;
    if (value.length > 0 && value.every((v) => typeof v === 'string') && /[A-Z ]/.test(value[0] as string)) stacks.add(value.join(','));
    else for (const part of value) collect(part);
  };
  for (const layer of style.layers ?? []) {
    const layout = layer.layout ?? {};
    if (layout['text-font'] !== undefined) collect(layout['text-font']);
    else if (layout['text-field'] !== undefined) collect(DEFAULT_FONT);
  }
  return [...stacks];
}

/** A tile's addresses as MapLibre fills its template in (its tile/tile_id.ts): at either pixel ratio where the template names it. */
function tileAddresses(template: string, t: TileAddress, scheme: string | undefined): string[] {
  const filled = template
    .replace(/{z}/g, String(t.z))
    .replace(/{x}/g, String(t.x))
    .replace(/{y}/g, String(scheme === 'tms' ? 2 ** t.z - t.y - 1 : t.y));
  return filled.includes('{ratio}') ? ['', '@2x'].map((ratio) => filled.replace(/{ratio}/g, ratio)) : [filled];
}

/**
 * The tiles the map asks for over `bounds` down to map zoom `deepest`: a source of 256-pixel
 * tiles is asked one zoom further in than the map's (MapLibre's tiles are 512 pixels).
 */
export function sourceTiles(source: Source, bounds: Bbox, deepest: number): string[] {
  const templates = source.tiles ?? [];
  const offset = Math.log2(512 / (source.tileSize ?? 512));
  const last = Math.min(source.maxzoom ?? 22, Math.ceil(deepest + offset));
  const { tiles } = tilesCovering(bounds, last, BASEMAP_TILES_MAX);
  if (templates.length === 0) return [];
  // A tile from the host MapLibre asks it of, when a source names several (its tile/tile_id.ts).
  return tiles.filter((t) => t.z >= (source.minzoom ?? 0)).flatMap((t) => tileAddresses(templates[(t.x + t.y) % templates.length]!, t, source.scheme));
}

/** A sprite's four files: its index and picture, at one and two pixels a point. */
const spriteFiles = (sprite: StyleDocument['sprite']) =>
  (typeof sprite === 'string' ? [sprite] : (sprite ?? []).map((s) => s.url)).flatMap((base) =>
    ['', '@2x'].flatMap((scale) => [`${base}${scale}.json`, `${base}${scale}.png`]),
  );

/**
 * The area with a margin of a quarter of its size on each side: the map asks for the tiles
 * its edges touch, and a base map missing one before it has drawn gives way to the built-in
 * background (components/map/use-base-style.ts).
 */
export function around([west, south, east, north]: Bbox): Bbox {
  const [dx, dy] = [(east - west) / 4, (north - south) / 4];
  return [Math.max(-180, west - dx), Math.max(-85, south - dy), Math.min(180, east + dx), Math.min(85, north + dy)];
}

/** A source with its tiles: from its TileJSON (`url`) when it names none itself. */
async function withTiles(source: Source, keepable: (url: string) => boolean, read: (url: string) => Promise<Response>): Promise<Source> {
  if (source.tiles || !source.url || !keepable(source.url)) return source;
  const tileJson = (await (await read(source.url)).json()) as Source;
  return { ...tileJson, ...source, tiles: tileJson.tiles };
}

/**
 * Reads the base map of `styleUrl` over `bounds` down to map zoom `deepest`: each address
 * whose host `keepable` admits, once, as the browser writes it (a font's spaces as %20).
 */
export async function readBasemap(
  styleUrl: string,
  keepable: (url: string) => boolean,
  bounds: Bbox,
  deepest: number,
  read: (url: string) => Promise<Response>,
): Promise<void> {
  if (!keepable(styleUrl)) return;
  const style = (await (await read(styleUrl)).json()) as StyleDocument;
  const addresses: string[] = [];
  for (const source of Object.values(style.sources ?? {})) {
    if (TILED.has(source.type)) addresses.push(...sourceTiles(await withTiles(source, keepable, read), around(bounds), deepest));
  }
  addresses.push(...spriteFiles(style.sprite));
  const glyphs = style.glyphs;
  if (glyphs)
    addresses.push(...fontStacks(style).flatMap((stack) => GLYPH_RANGES.map((range) => glyphs.replace('{fontstack}', stack).replace('{range}', range))));
  const queue = [...new Set(addresses.map((address) => new URL(address, styleUrl).href))].filter(keepable);
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) await (await read(url)).arrayBuffer();
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}
