// A map style host of its own for the browser journeys: a MapLibre style whose raster
// tiles are one flat colour, served on another origin than the app (as a tile server
// would be), so a journey sees a configured style load under the app's CSP.
import http from 'node:http';
import sharp from 'sharp';

const port = Number(process.env.STYLE_PORT);
const origin = `http://127.0.0.1:${port}`;

const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 120, g: 40, b: 160 } } })
  .png()
  .toBuffer();
const style = {
  version: 8,
  name: 'Journey tiles',
  sources: { flat: { type: 'raster', tiles: [`${origin}/tiles/{z}/{x}/{y}.png`], tileSize: 256, maxzoom: 19 } },
  layers: [{ id: 'flat', type: 'raster', source: 'flat' }],
};

http
  .createServer((req, res) => {
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
    if (req.url === '/style.json') return res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(style));
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) return res.writeHead(200, { ...headers, 'content-type': 'image/png' }).end(tile);
    res.writeHead(404, headers).end();
  })
  .listen(port, '127.0.0.1');
