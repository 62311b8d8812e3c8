// No import circle among the project's own modules: a module that imports, through any
// chain, a module that imports it back is loaded half-initialised by Node. Type-only
// imports are left out (they vanish from the compiled code).
import fs from 'node:fs';
import path from 'node:path';

const VALUE_IMPORT = /(?:^|[;\n])\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]*)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*\)/g;

const SOURCE_FILE = /\.(?:[cm]?[jt]s|tsx)$/;

/**
 * The file a relative specifier names. The server writes `x.js` for `x.ts`; the web
 * leaves the extension out (`./x` is `x.ts`, `x.tsx`, or a folder's index). Anything else
 * (a stylesheet, an image) is no module of ours.
 */
function resolve(from, spec) {
  const target = path.resolve(path.dirname(from), spec);
  const stem = target.replace(/\.js$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')];
  return candidates.find((file) => SOURCE_FILE.test(file) && fs.existsSync(file)) ?? null;
}

/** Per lint run: a file's value imports of the project's own files. */
const importsOf = new Map();
function imports(file) {
  let found = importsOf.get(file);
  if (found) return found;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const specs = [...text.matchAll(VALUE_IMPORT), ...text.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]);
  found = [...new Set(specs.map((s) => resolve(file, s)).filter(Boolean))];
  importsOf.set(file, found);
  return found;
}

/** A chain of imports from `start` back to itself, or null. */
export function cycleThrough(start) {
  const seen = new Set();
  const walk = (file, chain) => {
    for (const next of imports(file)) {
      if (next === start) return [...chain, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...chain, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'No circle of imports among the project’s modules' },
    messages: { cycle: 'Import circle: {{chain}}' },
    schema: [],
  },
  create(context) {
    return {
      'Program:exit'(node) {
        importsOf.delete(context.filename); // the text being linted may be newer than the file
        const chain = cycleThrough(context.filename);
        if (!chain) return;
        const root = path.dirname(context.filename);
        context.report({ node, messageId: 'cycle', data: { chain: chain.map((f) => path.relative(root, f) || path.basename(f)).join(' -> ') } });
      },
    };
  },
};
