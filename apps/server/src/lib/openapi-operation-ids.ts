import { API_ROOT } from '@observatory/shared';

type Document = { paths?: Record<string, Record<string, { operationId?: string } | undefined> | undefined> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Segments named otherwise in a name: [one, many]; '' leaves a segment out. */
const WORDS: Record<string, [string, string]> = {
  data: ['', ''],
  obj: ['Object', 'Objects'],
  pubs: ['Publication', 'Publications'],
  people: ['Person', 'People'],
  objtypes: ['ObjectType', 'ObjectTypes'],
  nodetypes: ['NodeType', 'NodeTypes'],
  datatables: ['DataTable', 'DataTables'],
  apikeys: ['ApiKey', 'ApiKeys'],
  node: ['Node', 'Nodes'],
  status: ['Status', 'Status'],
  'comment-photos': ['CommentPhoto', 'CommentPhotos'],
};

/** A last segment that names what a POST does to the row before it. */
const ACTIONS = new Set(['restore', 'move', 'accept', 'check', 'sweep', 'reset', 'preview', 'parse', 'import', 'query', 'chart', 'export']);

/** Where the rule's name reads poorly: `METHOD path` -> name. */
const NAMES: Record<string, string> = {
  'GET /app/config': 'getAppConfig',
  'GET /ogc': 'getOgcLandingPage',
  'GET /ogc/conformance': 'getOgcConformance',
  'GET /ogc/api': 'getOgcOpenApi',
  'GET /ogc/collections/{collectionId}/queryables': 'getOgcQueryables',
  'GET /ogc/collections/{collectionId}/items': 'listOgcFeatures',
  'GET /ogc/collections/{collectionId}/items/{featureId}': 'getOgcFeature',
  'GET /latest-values': 'listLatestValues',
  'GET /sta/v1.1': 'getSensorThingsLandingPage',
  'GET /sta/v1.1/{path}': 'readSensorThings',
  'POST /sta/v1.1/{path}': 'createSensorThings',
  'PATCH /sta/v1.1/{path}': 'updateSensorThings',
  'DELETE /sta/v1.1/{path}': 'deleteSensorThings',
  'GET /oai': 'harvestOaiPmh',
  'POST /oai': 'harvestOaiPmhByForm',
  'GET /admin/basemap': 'getBasemapSettings',
  'PUT /admin/basemap': 'updateBasemapSettings',
  'GET /admin/publishing': 'getPublishingSettings',
  'PUT /admin/publishing': 'updatePublishingSettings',
  'GET /basemaps/{id}/style.json': 'getBasemapStyle',
  'GET /health': 'getHealth',
  'GET /admin/summary': 'getAdminSummary',
  'GET /admin/status': 'getAdminStatus',
  'GET /admin/outbox': 'listOutbox',
  'POST /auth/login': 'login',
  'POST /auth/refresh': 'refreshToken',
  'POST /auth/logout': 'logout',
  'POST /auth/logout-all': 'logoutEverywhere',
  'PUT /auth/password': 'changePassword',
  'GET /auth/sessions': 'listSessions',
  'DELETE /auth/sessions/{id}': 'endSession',
  'GET /auth/user': 'getSignedInUser',
  'POST /auth/reset': 'requestPasswordReset',
  'GET /auth/reset/{code}': 'getPasswordReset',
  'POST /auth/reset/{code}': 'resetPassword',
  'GET /auth/user/notifications': 'getNotificationSettings',
  'PUT /auth/user/notifications': 'updateNotificationSettings',
  'POST /email-changes/{code}': 'confirmEmailChange',
  'POST /users/{id}/reset': 'sendPasswordReset',
  'PUT /users/{personId}/roles/{target}/{role}': 'grantRole',
  'DELETE /users/{personId}/roles/{target}/{role}': 'revokeRole',
  'DELETE /users/{id}/apikeys/{keyId}': 'revokeApiKey',
  'POST /invitations/{code}/accept': 'acceptInvitation',
  'PUT /people/{id}/photo': 'setPersonPhoto',
  'DELETE /people/{id}/photo': 'deletePersonPhoto',
  'PUT /institutions/{id}/logo': 'setInstitutionLogo',
  'DELETE /institutions/{id}/logo': 'deleteInstitutionLogo',
  'POST /projects/{id}/files/{fid}/version': 'addProjectFileVersion',
  'DELETE /projects/{id}/files/{fid}/{version}': 'deleteProjectFileVersion',
  'GET /auth/sign/{path}': 'getSignedFile',
  'GET /files/{versionId}': 'downloadFileVersion',
  'GET /insights/tags': 'listInsightTags',
  'GET /pubs/years': 'listPublicationYears',
  'GET /pubs/export': 'exportPublications',
  'GET /pubs/suggestions': 'listPublicationSuggestions',
  'POST /pubs/parse': 'parsePublications',
  'POST /pubs/import': 'importPublications',
  'GET /pubs/{id}/citation': 'getPublicationCitation',
  'GET /pubs/{id}/export': 'exportPublication',
  'GET /pages/search': 'searchPages',
  'GET /pages/at/{path}': 'getPageAtPath',
  'GET /unsubscribe/{token}': 'getUnsubscription',
  'POST /unsubscribe/{token}': 'unsubscribe',
  'GET /data/map': 'getObjectMap',
  'GET /tiles/{layer}/{z}/{x}/{y}.mvt': 'getMapTile',
  'GET /data/units/convert': 'convertUnits',
  'POST /data/schema/{slug}/check': 'checkMetadataSchema',
  'GET /data/schema': 'listMetadataSchemas',
  'POST /data/schema': 'createMetadataSchema',
  'GET /data/schema/{slug}': 'getMetadataSchema',
  'PUT /data/schema/{slug}': 'updateMetadataSchema',
  'DELETE /data/schema/{slug}': 'deleteMetadataSchema',
  'GET /data/node': 'getNodeTree',
  'GET /data/nodes': 'listNodes',
  'POST /sandbox/query': 'querySandbox',
  'POST /sandbox/chart': 'chartSandbox',
  'POST /sandbox/export': 'exportSandbox',
  'GET /projects/{id}/datatables/{table}/summary': 'getDataTableSummary',
  'GET /projects/{id}/datatables/{table}/chart': 'getDataTableChart',
  'GET /projects/{id}/datatables/{table}/observations.csv': 'exportObservationsCsv',
  'POST /projects/{id}/datatables/{table}/review': 'reviewObservations',
  'POST /projects/{id}/datatables/{table}/checks': 'checkObservations',
  'GET /projects/{id}/datatables/{table}/observations.xlsx': 'exportObservationsXlsx',
  'GET /projects/{id}/objtypes': 'getProjectObjectTypes',
  'PUT /projects/{id}/objtypes': 'updateProjectObjectTypes',
  'POST /data/import/objects/preview': 'previewObjectImport',
  'POST /data/import/objects': 'importObjects',
  'POST /data/import/object_rels/preview': 'previewObjectRelationImport',
  'POST /data/import/object_rels': 'importObjectRelations',
  'POST /data/import/observations/preview': 'previewObservationImport',
  'POST /data/import/observations': 'importObservations',
  'GET /data/import/sessions/{id}/records': 'listImportSessionRecords',
  'POST /assets/strays/sweep': 'sweepStrayAssets',
  'GET /assets/strays': 'listStrayAssets',
  'GET /assets/{id}/{variant}': 'getAssetVariant',
};

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const camel = (segment: string) => segment.split(/[-_.]/).map(capital).join('');
const singular = (word: string) => word.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');

/** A segment's word, one or many. */
function word(segment: string, many: boolean): string {
  const known = WORDS[segment];
  if (known) return known[many ? 1 : 0];
  const name = camel(segment);
  return many ? name : singular(name);
}

/**
 * The name of `METHOD path`: a verb (list, get, create, update, delete, or the action its
 * last segment names) and the resource the path walks to, each segment singular but a
 * listed collection (`listProjectMembers`, `restoreProjectRevision`).
 */
export function operationIdOf(method: string, path: string): string {
  const named = NAMES[`${method.toUpperCase()} ${path}`];
  if (named) return named;
  const segments = path.split('/').filter(Boolean);
  const isParam = (s: string | undefined) => s !== undefined && s.startsWith('{');
  const last = segments.at(-1)!;
  const action = method === 'post' && ACTIONS.has(last) ? last : undefined;
  const walked = action ? segments.slice(0, -1) : segments;
  const endsOnItem = isParam(walked.at(-1));
  const verb = action ?? { get: endsOnItem ? 'get' : 'list', put: 'update', patch: 'update', delete: 'delete', post: 'create' }[method]!;
  const literals = walked.filter((s) => !isParam(s));
  const many = verb === 'list';
  const words = literals.map((segment, i) => word(segment, many && i === literals.length - 1));
  return verb + words.join('');
}

/** Every operation named for code generated from the document (`listProjects`, `getProject`…). */
export function withOperationIds<T extends object>(output: T): T {
  for (const [path, item] of Object.entries((output as Document).paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation) operation.operationId ??= operationIdOf(method, path.slice(API_ROOT.length));
    }
  }
  return output;
}
