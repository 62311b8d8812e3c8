import { useQuery } from '@tanstack/react-query';
import { API_ROOT } from '@observatory/shared';
import { api } from '../../lib/api-client';
import { apiDocsKeys } from './keys';

/** The parts of JSON Schema 2020-12 that the server's OpenAPI 3.1 document uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema | boolean;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

interface MediaObject {
  schema?: JsonSchema;
}

interface RawParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  /** A path of several segments (the route's wildcard): its slashes are sent as they are. */
  'x-wildcard'?: boolean;
}

interface RawOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaObject> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaObject> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> };
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string | null;
  schema: JsonSchema;
  /** Takes a `/`-separated path (`x-wildcard`): each segment is encoded, the slashes kept. */
  wildcard: boolean;
}

export interface MediaSchema {
  mediaType: string;
  schema: JsonSchema;
}

export interface ResponseDoc {
  status: string;
  description: string | null;
  media: MediaSchema[];
}

export interface Operation {
  /** The element id that deep links name: "get-/pubs/{id}". */
  anchor: string;
  /** Upper case: GET, POST… */
  method: string;
  /** Under the API root, as calls name it: "/pubs/{id}". */
  path: string;
  tag: string;
  summary: string;
  description: string | null;
  parameters: Parameter[];
  requestBody: (MediaSchema & { required: boolean }) | null;
  responses: ResponseDoc[];
}

export interface TagGroup {
  tag: string;
  operations: Operation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];
export const OTHER_TAG = 'other';

export const operationAnchor = (method: string, path: string) => `${method.toLowerCase()}-${path}`;

/** A path of the document without the API root ("/api/v1/pubs" → "/pubs"). */
export const apiPath = (documentPath: string) => (documentPath.startsWith(API_ROOT) ? documentPath.slice(API_ROOT.length) || '/' : documentPath);

const mediaOf = (content: Record<string, MediaObject> | undefined): MediaSchema[] =>
  Object.entries(content ?? {}).flatMap(([mediaType, media]) => (media.schema ? [{ mediaType, schema: media.schema }] : []));

function toOperation(documentPath: string, method: string, raw: RawOperation): Operation {
  const path = apiPath(documentPath);
  const body = mediaOf(raw.requestBody?.content)[0];
  return {
    anchor: operationAnchor(method, path),
    method: method.toUpperCase(),
    path,
    tag: raw.tags?.[0] ?? OTHER_TAG,
    summary: raw.summary ?? '',
    description: raw.description ?? null,
    parameters: (raw.parameters ?? [])
      .filter((p): p is RawParameter & { in: 'path' | 'query' } => p.in === 'path' || p.in === 'query')
      .map((p) => ({
        name: p.name,
        in: p.in,
        required: p.in === 'path' || !!p.required,
        description: p.description ?? p.schema?.description ?? null,
        schema: p.schema ?? {},
        wildcard: !!p['x-wildcard'],
      })),
    requestBody: body ? { ...body, required: !!raw.requestBody?.required } : null,
    // 4XX and 5XX are the error shape every call shares, said once under Errors.
    responses: Object.entries(raw.responses ?? {})
      .filter(([status]) => status !== '4XX' && status !== '5XX')
      .map(([status, response]) => ({
        status,
        description: response.description && response.description !== 'Default Response' ? response.description : null,
        media: mediaOf(response.content),
      })),
  };
}

/** Every operation of the document, in its order. */
export function listOperations(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, raw]) => toOperation(path, method, raw)),
  );
}

/** The operations by tag, tags in the order they first appear. */
export function groupByTag(operations: Operation[]): TagGroup[] {
  const groups = new Map<string, Operation[]>();
  for (const operation of operations) {
    const group = groups.get(operation.tag);
    if (group) group.push(operation);
    else groups.set(operation.tag, [operation]);
  }
  return [...groups].map(([tag, list]) => ({ tag, operations: list }));
}

/** The operations whose method, path, summary or tag hold every word of the filter ("get /pubs"). */
export function filterOperations(operations: Operation[], filter: string): Operation[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return operations;
  return operations.filter((o) => {
    const text = `${o.method} ${o.path} ${o.summary} ${o.tag}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** GET openapi.json: the live document the server generates from its route schemas. */
export function useOpenApi() {
  return useQuery({
    queryKey: apiDocsKeys.openApi,
    queryFn: ({ signal }) => api.get<OpenApiDocument>('/openapi.json', undefined, signal),
    staleTime: 10 * 60_000,
  });
}
