// A module's repo (`repo.ts`, or `<part>.repo.ts`) is its own: other modules go through its
// service, so the rules the service enforces (visibility, permissions, audit) cannot be skipped.
import path from 'node:path';

const REPO = /[\\/]modules[\\/]([^\\/]+)[\\/](?:.*[\\/])?(?:[^\\/]*\.)?repo(?:\.[jt]s)?$/;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "A module's repo is imported only inside that module" },
    messages: { outside: "{{spec}} is the {{module}} module's repo: use that module's service from here" },
    schema: [],
  },
  create(context) {
    const from = context.filename;
    function check(source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(from), source.value);
      const match = REPO.exec(target);
      if (!match) return;
      const home = target.slice(0, match.index) + path.sep + 'modules' + path.sep + match[1] + path.sep;
      if (!from.startsWith(home)) context.report({ node: source, messageId: 'outside', data: { spec: source.value, module: match[1] } });
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
