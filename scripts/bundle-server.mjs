// Bundles the compiled server (apps/server/dist/server.js and everything it imports) into
// one file, apps/server/dist/bundle/server.js, which `npm start` runs: Node then reads one
// file instead of resolving, reading and compiling about 700 modules, a second of CPU off
// every start (docs/operations.md, "Starting"). The tsc output beside it stays for the
// build's own scripts (make-template.js, backups) and is what the bundle is made from.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/server/dist');
export const bundleDir = path.join(dist, 'bundle');

/**
 * Packages left out, loaded from node_modules at run time: native addons, WebAssembly
 * loaded from files beside the package's code, an optional addon of pg's, and those that
 * find their own files from `__dirname` (pino's transport workers, sync-fetch's worker,
 * @fastify/swagger's package.json), which a bundle cannot keep (`checkNoOwnFiles`).
 */
const external = ['@electric-sql/*', '@node-rs/*', 'sharp', 'pg-native', 'pino', 'thread-stream', 'sync-fetch', '@fastify/swagger'];

/** A bundled package that reads `__dirname` or `__filename` would look beside the bundle: fails the build. */
function checkNoOwnFiles(metafile) {
  const offenders = Object.keys(metafile.inputs).filter((file) => {
    if (!file.includes('node_modules/')) return false;
    const code = fs.readFileSync(path.resolve(root, file), 'utf8');
    return code.split('\n').some((line) => /\b__(dirname|filename)\b/.test(line) && !/^\s*(\/\/|\*)/.test(line));
  });
  if (offenders.length) throw new Error(`These bundled files find files from __dirname: add their packages to \`external\`:\n${offenders.join('\n')}`);
}

/**
 * Our modules find their files (migrations, seed files, CSL styles) from `import.meta`: in
 * the bundle each keeps pointing at its own place in dist/.
 */
const ownPlaces = {
  name: 'own-places',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, async (args) => {
      if (!args.path.startsWith(dist + path.sep)) return undefined;
      const code = await fs.promises.readFile(args.path, 'utf8');
      if (!code.includes('import.meta')) return { contents: code, loader: 'js' };
      const own = path.relative(bundleDir, args.path).split(path.sep).join('/');
      return {
        loader: 'js',
        contents: code
          .replaceAll('import.meta.dirname', `__ownDirname(${JSON.stringify(path.posix.dirname(own))})`)
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(own)}, import.meta.url).href`),
      };
    });
  },
};

export async function bundleServer() {
  const { metafile } = await esbuild.build({
    entryPoints: [path.join(dist, 'server.js')],
    outfile: path.join(bundleDir, 'server.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'linked',
    metafile: true,
    absWorkingDir: root,
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    // Bundled CommonJS packages call require().
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module';",
        "import { join as __joinPath } from 'node:path';",
        'const require = __createRequire(import.meta.url);',
        'const __ownDirname = (place) => __joinPath(import.meta.dirname, place);',
      ].join('\n'),
    },
    plugins: [ownPlaces],
  });
  checkNoOwnFiles(metafile);
}
