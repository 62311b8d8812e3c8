// The server's modules meet through their facades, so what a module keeps to itself (its
// repo, its helpers) can change without the others noticing, and the rules its service
// enforces (visibility, permissions, audit) cannot be skipped:
// - a file outside modules/<name>/ imports only modules/<name>/index.ts;
// - an index.ts never re-exports its module's repo;
// - the modules' own graph has no circle, type-only imports included (a circle of types is
//   still two modules that cannot be understood, or changed, one without the other).
import fs from 'node:fs';
import path from 'node:path';

const MODULE = /^(.*[\\/]src[\\/]modules)[\\/]([^\\/]+)[\\/]/;
const IMPORT = /(?:^|[;\n])\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]*)['"]/g;
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The source file a relative specifier names: `x.js` is `x.ts`. */
function resolve(from, spec) {
  const target = path.resolve(path.dirname(from), spec);
  return (
    [target.replace(/\.js$/, '.ts'), `${target}.ts`, path.join(target, 'index.ts'), target].find((f) => fs.existsSync(f) && fs.statSync(f).isFile()) ?? null
  );
}

/** The module a file belongs to, and the modules folder, or null outside modules. */
function moduleOf(file) {
  const match = MODULE.exec(file);
  return match ? { root: match[1], name: match[2] } : null;
}

/** Per lint run, per modules folder: which modules each module imports (tests left out). */
const graphs = new Map();
function graphOf(root) {
  let graph = graphs.get(root);
  if (graph) return graph;
  graph = new Map();
  const walk = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(root).filter((f) => f.endsWith('.ts') && !isTest(f))) {
    const from = moduleOf(file).name;
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from);
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = moduleOf(resolve(file, spec) ?? '')?.name;
      if (to && to !== from) edges.add(to);
    }
  }
  graphs.set(root, graph);
  return graph;
}

/** A path of modules from `start` to `goal`, or null. */
function pathBetween(graph, start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length) {
    const chain = queue.shift();
    for (const next of graph.get(chain.at(-1)) ?? []) {
      if (next === goal) return [...chain, next];
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push([...chain, next]);
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Modules meet through their index.ts, never re-export their repo, and import each other without circles' },
    messages: {
      facade: '{{spec}} is inside the {{module}} module: import its index.ts (add what you need there) or call its service',
      repo: "{{spec}} is the module's repo: its index.ts exports services, routes and types, never queries",
      circle: 'Module circle: {{chain}}',
    },
    schema: [],
  },
  create(context) {
    const from = context.filename;
    const home = moduleOf(from);
    const isIndex = home && path.relative(path.join(home.root, home.name), from) === 'index.ts';
    function check(node, exporting) {
      const source = node.source;
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = resolve(from, source.value) ?? path.resolve(path.dirname(from), source.value);
      const there = moduleOf(target);
      if (!there) return;
      const inside = path.relative(path.join(there.root, there.name), target);
      if (home && home.root === there.root && home.name === there.name) {
        if (isIndex && exporting && /(^|[\\/])repo\.ts$/.test(inside)) context.report({ node: source, messageId: 'repo', data: { spec: source.value } });
        return;
      }
      if (inside !== 'index.ts') {
        context.report({ node: source, messageId: 'facade', data: { spec: source.value, module: there.name } });
        return;
      }
      if (!home || isTest(from) || home.root !== there.root) return;
      const back = pathBetween(graphOf(home.root), there.name, home.name);
      if (back) context.report({ node: source, messageId: 'circle', data: { chain: [home.name, ...back].join(' -> ') } });
    }
    return {
      ImportDeclaration: (node) => check(node, false),
      ExportNamedDeclaration: (node) => check(node, true),
      ExportAllDeclaration: (node) => check(node, true),
      ImportExpression: (node) => check(node, false),
    };
  },
};
