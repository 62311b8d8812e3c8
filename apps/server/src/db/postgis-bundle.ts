/**
 * PGlite's PostGIS comes as one bundle (20 MB gzipped, 110 MB unpacked) that every open
 * of the embedded database gunzips, unpacks and compiles: three WebAssembly libraries
 * (PostGIS, its raster and its topology types) and the SQL of every extension and upgrade.
 * We use PostGIS alone, so a lean copy keeps its library, its control file and install
 * scripts, and PROJ's data; the raster, topology and geocoder parts go. Opening a data
 * directory then takes about a second of CPU instead of three (docs/operations.md).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Extension } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { ROOT_DIR } from '../config.js';

const LEAN_DIR = path.join(ROOT_DIR, 'apps/server/dist/pglite-extensions');
/** What the lean bundle keeps: PostGIS's library, control file and scripts (not the pre-extension "unpackaged" one), and PROJ's data. */
const KEPT = /^(lib\/postgresql\/postgis-3\.so|share\/postgresql\/extension\/postgis(\.control|--(?!unpackaged)[^/]*\.sql)|share\/proj\/.*)$/;
/** Changes with KEPT, so a bundle made by other rules is never used. */
const RULES_VERSION = 1;
const BLOCK = 512;

function packageOf(name: string): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  const main = require.resolve(name);
  const dir = main.slice(0, main.lastIndexOf(`${path.sep}dist${path.sep}`));
  return { dir, version: (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version };
}

const text = (block: Buffer, from: number, length: number) => block.toString('utf8', from, from + length).replace(/\0.*$/s, '');

/**
 * The entries of a tar file kept by `keep`, as a tar file: each kept entry's header and data
 * blocks copied as they are (a GNU long name's own entry goes with the entry it names).
 */
export function filterTar(tar: Buffer, keep: (name: string) => boolean): Buffer {
  const kept: Buffer[] = [];
  let longName: { name: string; start: number } | null = null;
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const end = at + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const type = String.fromCharCode(header[156]!);
    if (type === 'L') {
      longName = { name: text(tar, at + BLOCK, size), start: at };
    } else {
      const prefix = text(header, 345, 155);
      const name = longName?.name ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
      if (keep(name.replace(/^\.\//, ''))) kept.push(tar.subarray(longName?.start ?? at, end));
      longName = null;
    }
    at = end;
  }
  return Buffer.concat([...kept, Buffer.alloc(2 * BLOCK)]);
}

/** Where the lean bundle of the installed PostGIS is (it may not exist yet). */
export function leanBundleFile(): string {
  return path.join(LEAN_DIR, `postgis-${packageOf('@electric-sql/pglite-postgis').version}-lean${RULES_VERSION}.tar.gz`);
}

/** Makes the lean bundle from the package's, unless it exists; removes older ones. */
export function makeLeanBundle(file = leanBundleFile()): boolean {
  if (fs.existsSync(file)) return false;
  const full = path.join(packageOf('@electric-sql/pglite-postgis').dir, 'dist/postgis.tar.gz');
  const lean = gzipSync(
    filterTar(gunzipSync(fs.readFileSync(full)), (name) => KEPT.test(name)),
    { level: 1 },
  );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Another process may be making or reading this very file: only others' names go.
  for (const old of fs.readdirSync(path.dirname(file)))
    if (old.endsWith('.tar.gz') && old !== path.basename(file)) fs.rmSync(path.join(path.dirname(file), old), { force: true });
  // Written aside and renamed: processes opening databases at once never read half a file.
  const aside = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(aside, lean);
  fs.renameSync(aside, file);
  return true;
}

/**
 * PostGIS for PGlite from the lean bundle, made on first use when the build has not made
 * it; where it cannot be written (a read-only install), the package's whole bundle.
 */
export function postgisExtension(): Extension {
  let file: string;
  try {
    file = leanBundleFile();
    makeLeanBundle(file);
  } catch (err) {
    console.warn(`PostGIS's lean bundle could not be made (${(err as Error).message}); opening with the whole one`);
    return postgis;
  }
  const bundlePath = pathToFileURL(file);
  return { name: postgis.name, setup: async (pg, options) => ({ ...(await postgis.setup(pg, options)), bundlePath }) };
}
