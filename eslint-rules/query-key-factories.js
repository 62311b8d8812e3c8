// TanStack Query keys come from the key factories (a feature's keys.ts, lib/query-keys.ts,
// app/query-keys.ts), never from an array written in place. Two screens share a cache entry,
// and a write refreshes what other screens show, only while they agree on the key to the
// letter; an array copied into a second place drifts from the first without a sound. The key
// files are left out of this rule in eslint.config.js: that is where the arrays are written.

/** The QueryClient's methods whose first argument is a query key. */
const KEY_FIRST = new Set([
  'setQueryData',
  'getQueryData',
  'getQueryState',
  'setQueriesData',
  'getQueriesData',
  'invalidateQueries',
  'removeQueries',
  'cancelQueries',
  'refetchQueries',
  'resetQueries',
  'prefetchQuery',
  'fetchQuery',
  'ensureQueryData',
  'isFetching',
]);
/** The options naming a key: of a query, a query filter, a mutation or a mutation filter. */
const KEY_OPTIONS = new Set(['queryKey', 'mutationKey']);
/** A variable holding a key: `key`, `fooKey`, `FOO_KEY`. */
const KEY_VARIABLE = /^(?:key|KEY)$|Key$|_KEY$/;

/** The array literal an expression is, through `as const`, `satisfies` and `!`. */
function arrayLiteral(node) {
  let inner = node;
  while (inner && ['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression'].includes(inner.type)) inner = inner.expression;
  return inner?.type === 'ArrayExpression' ? inner : null;
}

const propertyName = (property) => (property.type === 'Identifier' ? property.name : property.type === 'Literal' ? String(property.value) : null);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Query keys come from the key factories, not from arrays written in place' },
    messages: {
      inline: '{{where}}: a query key written in place; take it from the key factories (the feature’s keys.ts, lib/query-keys.ts or app/query-keys.ts)',
    },
    schema: [],
  },
  create(context) {
    const check = (node, where) => {
      const array = arrayLiteral(node);
      if (array) context.report({ node: array, messageId: 'inline', data: { where } });
    };
    return {
      Property(node) {
        const name = node.computed ? null : propertyName(node.key);
        if (name && KEY_OPTIONS.has(name)) check(node.value, name);
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.computed) return;
        const name = propertyName(callee.property);
        if (name && KEY_FIRST.has(name)) check(node.arguments[0], name);
      },
      VariableDeclarator(node) {
        if (node.id.type === 'Identifier' && KEY_VARIABLE.test(node.id.name)) check(node.init, node.id.name);
      },
    };
  },
};
