// Layers of an app's source that may not import each other, as bulletproof-react's
// import/no-restricted-paths zones: a zone names the files it holds (`target`) and the
// places they may not import from (`from`). A `*` segment matches one folder; with
// `otherThanSelf`, an import is refused only when it lands in another folder than the
// importing file's own (a feature may import itself, not another feature).
import path from 'node:path';

/** The folders a pattern's segments match in `rel`, or null when it does not match. */
function match(pattern, rel) {
  const want = pattern.split('/');
  const have = rel.split('/');
  if (have.length < want.length) return null;
  const stars = [];
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*') stars.push(have[i]);
    else if (want[i] !== have[i]) return null;
  }
  return stars;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Layers of the source that may not import each other' },
    messages: { zone: '{{spec}}: {{message}}' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'array', items: { type: 'string' } },
                from: { type: 'array', items: { type: 'string' } },
                otherThanSelf: { type: 'boolean' },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        required: ['root', 'zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, zones } = context.options[0];
    const rootDir = path.resolve(context.cwd, root);
    const relOf = (file) => {
      const rel = path.relative(rootDir, file);
      return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep).join('/');
    };
    const from = relOf(context.filename);
    function check(source) {
      if (!from || !source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = relOf(path.resolve(path.dirname(context.filename), source.value));
      if (!to) return;
      for (const zone of zones) {
        const own = zone.target.map((t) => match(t, from)).find(Boolean);
        if (!own) continue;
        for (const pattern of zone.from) {
          const theirs = match(pattern, to);
          if (!theirs) continue;
          if (zone.otherThanSelf && theirs.join('/') === own.join('/')) continue;
          context.report({ node: source, messageId: 'zone', data: { spec: source.value, message: zone.message } });
          return;
        }
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
