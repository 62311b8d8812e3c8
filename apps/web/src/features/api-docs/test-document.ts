import type { JsonSchema, OpenApiDocument } from './openapi';

/** A document node holds document nodes: the recursion the reference must survive. */
const documentNode: JsonSchema = {
  oneOf: [
    {
      type: 'object',
      properties: { type: { type: 'string', const: 'doc' }, content: { type: 'array', maxItems: 10000, items: { $ref: '#/components/schemas/DocumentNode' } } },
      required: ['type'],
    },
    {
      type: 'object',
      properties: { type: { type: 'string', const: 'text' }, text: { type: 'string', minLength: 1 } },
      required: ['type', 'text'],
    },
  ],
};

const publication: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    title: { type: 'string', minLength: 1, maxLength: 300 },
    type: { type: 'string', enum: ['article', 'book'] },
    year: { anyOf: [{ type: 'integer', minimum: 1600, maximum: 9999 }, { type: 'null' }] },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'title', 'type', 'year', 'createdAt'],
};

/** A small OpenAPI document in the shape the server generates: one GET list, one POST, one DELETE. */
export const sampleDocument: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Observatory API', version: '1', description: 'JSON in and out.' },
  components: { schemas: { DocumentNode: documentNode } },
  paths: {
    '/api/v1/pubs': {
      get: {
        summary: 'Search the publications, 25 a page',
        tags: ['publications'],
        parameters: [
          { in: 'query', name: 'p', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
          { in: 'query', name: 'q', required: false, description: 'Words of the title', schema: { type: 'string', maxLength: 300 } },
        ],
        responses: {
          200: {
            description: 'Default Response',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { publications: { type: 'array', items: publication } }, required: ['publications'] },
              },
            },
          },
        },
      },
      post: {
        summary: 'Add a publication',
        tags: ['publications'],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  title: { type: 'string', minLength: 1, maxLength: 300 },
                  type: { type: 'string', enum: ['article', 'book'] },
                  abstract: { $ref: '#/components/schemas/DocumentNode' },
                },
                required: ['title', 'type'],
              },
            },
          },
        },
        responses: {
          201: { description: 'Default Response', content: { 'application/json': { schema: publication } } },
          // As the server declares every operation's errors (lib/openapi-errors.ts).
          '4XX': { description: 'An error, in the error shape', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/api/v1/pubs/{id}': {
      delete: {
        summary: 'Delete a publication',
        tags: ['publications'],
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
        responses: { 204: { description: 'No content' } },
      },
    },
  },
};
