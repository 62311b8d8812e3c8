// API tests make the things they need through the factories of apps/server/test/factories.ts,
// not by writing the create call out: one place then knows each kind's defaults, and a change
// to a create body is made once. A module's own route tests still write out the create calls
// of their module (they check the call itself: its status, validation, audit and answer).

/**
 * The create routes that have a factory: method, path (`*` is one segment), the module
 * folder under apps/server/src/modules/ that owns the route, and the factory to use.
 */
const CREATES = [
  ['POST', '/projects', 'projects', 'buildProject'],
  ['POST', '/projects/*/updates', 'projects', 'buildUpdate'],
  ['POST', '/projects/*/files', 'projects', 'buildProjectFile'],
  ['POST', '/projects/*/datatables', 'datatables', 'buildDataTable'],
  ['POST', '/data/obj', 'objects', 'buildObject'],
  ['POST', '/data/obj/*/notes', 'objects', 'buildNote'],
  ['POST', '/data/obj/*/photos', 'objects', 'buildPhoto'],
  ['POST', '/insights', 'insights', 'buildInsight'],
  ['POST', '/insights/*/comments', 'insights', 'buildComment'],
  ['POST', '/insights/*/comment-photos', 'insights', 'buildCommentPhoto'],
  ['POST', '/pubs', 'publications', 'buildPublication'],
  ['POST', '/pages', 'pages', 'buildPage'],
  ['POST', '/shortlinks', 'shortlinks', 'buildShortlink'],
  ['POST', '/assets', 'assets', 'buildAsset'],
  ['POST', '/people', 'people', 'buildPerson'],
  ['POST', '/teams', 'teams', 'buildTeam'],
  ['POST', '/institutions/*', 'institutions', 'buildInstitution'],
  ['POST', '/institution_categories/*', 'institutions', 'buildInstitutionCategory'],
  ['POST', '/roles', 'roles', 'buildRole'],
  ['POST', '/users', 'users', 'buildUser'],
  ['POST', '/users/*/apikeys', 'apikeys', 'buildApiKey'],
  ['POST', '/invitations', 'invitations', 'buildInvitation'],
  ['POST', '/data/metrics', 'schema', 'buildMetric'],
  ['POST', '/data/units', 'schema', 'buildUnit'],
  ['POST', '/data/schema', 'schema', 'buildMetadataSchema'],
  ['POST', '/data/objtypes', 'schema', 'buildObjectType'],
  ['POST', '/data/nodetypes', 'schema', 'buildNodeType'],
  ['POST', '/data/node', 'schema', 'buildNode'],
  ['POST', '/data/import/sessions', 'imports', 'buildImportSession'],
  ['POST', '/admin/webhooks', 'webhooks', 'buildWebhook'],
  ['POST', '/sta/v1.1/Sensors', 'sensorthings', 'buildSensor'],
].map(([method, path, module, factory]) => ({ method, path, module, factory, pattern: patternOf(path) }));

/** `/projects/*` as a regular expression: `*` is one path segment, or part of one. */
function patternOf(path) {
  const parts = path.split('*').map((part) => part.replace(/[.?+^$()[\]{}|\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}$`);
}

/** The helpers of test/harness.ts that send a request: (app, method, path, …). */
const SENDERS = new Set(['api', 'upload']);
/** Stands for each `${…}` of a template literal: a segment, or part of one, we cannot know. */
const ANY = 'x';

/** The text of a string argument, with each `${…}` as a segment of its own; null when it cannot be read here (a variable, a call). */
function textOf(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type !== 'TemplateLiteral') return null;
  // A path starting with an expression (`${base}/updates`) could be anything.
  if (node.quasis[0].value.cooked === '') return null;
  return node.quasis.map((q) => q.value.cooked).join(ANY);
}

/** The module folder a file lives in (apps/server/src/modules/<module>/…), or null. */
function moduleOf(filename) {
  const match = /[\\/]apps[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/.exec(filename);
  return match ? match[1] : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'API tests make test data through the factories; only a module’s own tests write out its create calls' },
    messages: {
      factory:
        '{{method}} {{path}} creates what {{factory}}() of test/factories.ts makes: use it here (only the {{module}} module’s own tests write this call out)',
    },
    schema: [],
  },
  create(context) {
    const home = moduleOf(context.filename);
    return {
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || !SENDERS.has(node.callee.name)) return;
        const [, methodArg, pathArg] = node.arguments;
        if (!methodArg || !pathArg) return;
        const method = textOf(methodArg);
        const path = textOf(pathArg);
        if (method === null || path === null) return;
        const bare = path.split('?')[0];
        const kind = CREATES.find((c) => c.method === method && c.pattern.test(bare));
        if (!kind || kind.module === home) return;
        context.report({ node, messageId: 'factory', data: { method: kind.method, path: kind.path, factory: kind.factory, module: kind.module } });
      },
    };
  },
};
