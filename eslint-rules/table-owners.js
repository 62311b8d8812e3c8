// A module writes only its own tables and reads another's only where eslint-rules/server-tables.js
// allows it, with its reason: everything else goes through the owning module's service, where
// its rules (visibility, permissions, audit) hold. Every table has an owner.
import path from 'node:path';

const MODULE = /[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/;
const SCHEMA = /[\\/]src[\\/]db[\\/]schema[\\/]/;
/** An SQL text that writes to the table interpolated right after it. */
const WRITES_NEXT = /\b(insert\s+into|update|delete\s+from)\s*$/i;
const WRITE_CALLS = new Set(['insert', 'update', 'delete']);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Tables are used by the module that owns them; others read them only as server-tables.js allows' },
    messages: {
      notOwned: '{{table}} is the {{owner}} module’s table: ask its service, or add a shared read to eslint-rules/server-tables.js with its reason',
      write: '{{table}} is the {{owner}} module’s table, read here only: write it through that module’s service',
      noOwner: 'The table {{table}} has no owner: name its module in eslint-rules/server-tables.js',
      namespace: 'Import tables by name, so the lint sees whose they are',
    },
    schema: [
      {
        type: 'object',
        properties: {
          owners: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          sharedReads: {
            type: 'array',
            maxItems: 10,
            items: {
              type: 'object',
              required: ['tables', 'readers', 'reason'],
              properties: {
                tables: { anyOf: [{ const: '*' }, { type: 'array', items: { type: 'string' } }] },
                readers: { anyOf: [{ const: '*' }, { type: 'array', items: { type: 'string' } }] },
                reason: { type: 'string', minLength: 40 },
              },
              additionalProperties: false,
            },
          },
        },
        required: ['owners', 'sharedReads'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { owners, sharedReads } = context.options[0];
    const ownerOf = new Map(Object.entries(owners).flatMap(([module, tables]) => tables.map((t) => [t, module])));
    const file = context.filename;

    if (SCHEMA.test(file)) {
      // Every pgTable a schema file exports is owned by some module.
      return {
        'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator'(node) {
          const init = node.init;
          const isTable = init?.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'pgTable';
          if (isTable && node.id.type === 'Identifier' && !ownerOf.has(node.id.name)) {
            context.report({ node: node.id, messageId: 'noOwner', data: { table: node.id.name } });
          }
        },
      };
    }
    const home = MODULE.exec(file)?.[1];
    if (!home || /\.test\.tsx?$/.test(file)) return {};

    const mayRead = (table) => sharedReads.some((r) => (r.tables === '*' || r.tables.includes(table)) && (r.readers === '*' || r.readers.includes(home)));
    /** Local names of others' tables read here, with their owner. */
    const readOnly = new Map();
    const reportWrite = (node, name) => {
      const { table, owner } = readOnly.get(name);
      context.report({ node, messageId: 'write', data: { table, owner } });
    };

    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (typeof spec !== 'string' || !SCHEMA.test(path.resolve(path.dirname(file), spec) + path.sep)) return;
        for (const s of node.specifiers) {
          if (s.type === 'ImportNamespaceSpecifier') context.report({ node: s, messageId: 'namespace' });
          const table = s.type === 'ImportSpecifier' ? (s.imported.name ?? s.imported.value) : null;
          const owner = table && ownerOf.get(table);
          if (!owner || owner === home) continue;
          if (mayRead(table)) readOnly.set(s.local.name, { table, owner });
          else context.report({ node: s, messageId: 'notOwned', data: { table, owner } });
        }
      },
      // db.insert(t), tx.update(t), d.delete(t)
      CallExpression(node) {
        const callee = node.callee;
        const first = node.arguments[0];
        if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && WRITE_CALLS.has(callee.property.name)) {
          if (first?.type === 'Identifier' && readOnly.has(first.name)) reportWrite(first, first.name);
        }
      },
      // sql`insert into ${t} …`, sql`update ${t} set …`, sql`delete from ${t} …`
      TemplateLiteral(node) {
        node.expressions.forEach((expression, i) => {
          if (expression.type === 'Identifier' && readOnly.has(expression.name) && WRITES_NEXT.test(node.quasis[i].value.cooked ?? '')) {
            reportWrite(expression, expression.name);
          }
        });
      },
    };
  },
};
