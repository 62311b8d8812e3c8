import { describe, expect, it } from 'vitest';
import { around, fontStacks, readBasemap, sourceTiles } from './keep-basemap';

describe('the fonts a style’s labels use', () => {
  it('are read from lists and from expressions, with MapLibre’s own for a label that names none', () => {
    const style = {
      layers: [
        { layout: { 'text-font': ['Noto Sans Regular'] } },
        { layout: { 'text-font': ['step', ['zoom'], ['literal', ['Noto Sans Bold']], 10, ['literal', ['Noto Sans Italic', 'Arial Unicode MS Regular']]] } },
        { layout: { 'text-field': '{name}' } },
        { layout: { 'icon-image': 'dot' } },
      ],
    };
    expect(fontStacks(style)).toEqual([
      'Noto Sans Regular',
      'Noto Sans Bold',
      'Noto Sans Italic,Arial Unicode MS Regular',
      'Open Sans Regular,Arial Unicode MS Regular',
    ]);
  });
});

describe('the tiles of a base map’s source kept over an area', () => {
  const box: [number, number, number, number] = [8.5, 47.3, 8.6, 47.4];
  it('go from the world to the zoom the map asks for, one further for 256-pixel tiles, not past the source’s maximum', () => {
    const vector = sourceTiles({ type: 'vector', tiles: ['https://t.example/{z}/{x}/{y}.pbf'] }, box, 3);
    expect(vector).toContain('https://t.example/0/0/0.pbf');
    expect(Math.max(...vector.map((url) => Number(url.split('/')[3])))).toBe(3);
    const raster = sourceTiles({ type: 'raster', tiles: ['https://t.example/{z}/{x}/{y}.png'], tileSize: 256, maxzoom: 2 }, box, 3);
    expect(Math.max(...raster.map((url) => Number(url.split('/')[3])))).toBe(2);
    expect(sourceTiles({ type: 'raster', tiles: ['https://t.example/{z}/{x}/{y}.png'], tileSize: 256 }, box, 3).some((url) => url.includes('/4/'))).toBe(true);
  });
  it('are addressed as MapLibre fills a template in: its host by the tile, a TMS row, either pixel ratio', () => {
    const hosts = sourceTiles(
      { type: 'raster', tiles: ['https://a.example/{z}/{x}/{y}.png', 'https://b.example/{z}/{x}/{y}.png'], minzoom: 1, maxzoom: 1 },
      box,
      1,
    );
    expect(hosts).toEqual(['https://b.example/1/1/0.png']);
    expect(sourceTiles({ type: 'vector', tiles: ['https://t.example/{z}/{x}/{y}{ratio}.png'], scheme: 'tms', maxzoom: 1, minzoom: 1 }, box, 1)).toEqual([
      'https://t.example/1/1/1.png',
      'https://t.example/1/1/1@2x.png',
    ]);
  });
  it('cover a margin around the area', () => {
    expect(around([8, 47, 9, 48])).toEqual([7.75, 46.75, 9.25, 48.25]);
    expect(around([-180, -85, 180, 85])).toEqual([-180, -85, 180, 85]);
  });
});

describe('reading a base map for a kept area', () => {
  /** A stand-in for a provider's host: a vector style with a TileJSON, a sprite and fonts; every address asked for is noted. */
  function host() {
    const asked: string[] = [];
    const files: Record<string, unknown> = {
      'https://maps.example/styles/field': {
        sources: { land: { type: 'vector', url: 'https://maps.example/planet' }, hills: { type: 'geojson', data: {} } },
        sprite: 'https://maps.example/sprites/field',
        glyphs: 'https://maps.example/fonts/{fontstack}/{range}.pbf',
        layers: [{ layout: { 'text-font': ['Noto Sans Regular'] } }],
      },
      'https://maps.example/planet': { tiles: ['https://maps.example/planet/{z}/{x}/{y}.pbf', 'https://other.example/{z}/{x}/{y}.pbf'], maxzoom: 1 },
    };
    const read = async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(files[url] ?? {}));
    };
    return { asked, read };
  }
  const keepable = (url: string) => new URL(url).origin === 'https://maps.example';

  it('reads the style, its TileJSON, tiles, sprites and fonts, once each, only from a host whose terms allow it', async () => {
    const { asked, read } = host();
    await readBasemap('https://maps.example/styles/field', keepable, [8.5, 47.3, 8.6, 47.4], 1, read);
    expect(asked.slice(0, 2)).toEqual(['https://maps.example/styles/field', 'https://maps.example/planet']);
    expect(asked).toEqual(expect.arrayContaining(['https://maps.example/planet/0/0/0.pbf', 'https://maps.example/sprites/field@2x.png']));
    expect(asked).toContain('https://maps.example/fonts/Noto%20Sans%20Regular/0-255.pbf');
    // Tile 1/1/0 is asked of the second host, whose terms are not known: it is not kept.
    expect(asked.filter((url) => url.startsWith('https://other.example'))).toEqual([]);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('reads nothing of a style whose host’s terms do not allow it', async () => {
    const { asked, read } = host();
    await readBasemap('https://tile.example/style.json', keepable, [8.5, 47.3, 8.6, 47.4], 1, read);
    expect(asked).toEqual([]);
  });
});
