import { describe, expect, it } from 'vitest';
import type { JsonSchema } from './openapi';
import { childNodes, componentName, resolveSchema, schemaFacts, schemaNode, type SchemaNode } from './schema';
import { sampleDocument as doc } from './test-document';

const byName = (nodes: SchemaNode[], name: string) => {
  const node = nodes.find((n) => n.name === name);
  expect(node, name).toBeDefined();
  return node!;
};

describe('resolveSchema', () => {
  it('follows a $ref to its component and notes the component it came from', () => {
    const view = resolveSchema(doc, { $ref: '#/components/schemas/DocumentNode' });
    expect(view.refName).toBe('DocumentNode');
    expect(view.recursive).toBe(false);
    expect(view.chain).toEqual(['DocumentNode']);
    expect(view.schema.oneOf).toHaveLength(2);
  });

  it('stops at a component already open above: the recursion guard', () => {
    const view = resolveSchema(doc, { $ref: '#/components/schemas/DocumentNode' }, ['DocumentNode']);
    expect(view.recursive).toBe(true);
    expect(view.refName).toBe('DocumentNode');
  });

  it('stops at a component that names itself directly', () => {
    const selfish = { ...doc, components: { schemas: { Loop: { $ref: '#/components/schemas/Loop' } } } };
    expect(resolveSchema(selfish, { $ref: '#/components/schemas/Loop' }).recursive).toBe(true);
  });

  it('reads "X or null" as a nullable X', () => {
    const view = resolveSchema(doc, { anyOf: [{ type: 'integer', minimum: 1600 }, { type: 'null' }] });
    expect(view.nullable).toBe(true);
    expect(view.schema).toMatchObject({ type: 'integer', minimum: 1600 });
  });

  it('answers an empty schema for a reference it cannot follow', () => {
    expect(resolveSchema(doc, { $ref: '#/components/schemas/Missing' }).schema).toEqual({});
    expect(componentName('https://example.org/schema.json')).toBeNull();
    expect(componentName('#/components/schemas/A~1B')).toBe('A/B');
  });
});

describe('the schema tree', () => {
  it('labels types, arrays, nullables and constants, and tells the constraints', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'string' } }, year: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
    };
    const children = childNodes(doc, schemaNode(doc, schema));
    expect(byName(children, 'list').label).toBe('string[]');
    expect(byName(children, 'year').label).toBe('integer | null');
    expect(schemaFacts({ type: 'string', format: 'uuid', pattern: '^[0-9a-f-]+$' })).toEqual(['format: uuid']);
    expect(schemaFacts({ type: 'string', minLength: 1, maxLength: 300 })).toEqual(['1–300 characters']);
    expect(schemaFacts({ type: 'string', enum: ['article', 'book'], default: 'article' })).toEqual(['one of: "article", "book"', 'default: "article"']);
    expect(schemaFacts({ type: 'integer', minimum: 1, maximum: 10 })).toEqual(['from 1 to 10']);
  });

  it('marks the required properties', () => {
    const body = doc.paths['/api/v1/pubs']!.post!.requestBody!.content!['application/json']!.schema!;
    const children = childNodes(doc, schemaNode(doc, body));
    expect(children.map((c) => [c.name, c.required])).toEqual([
      ['title', true],
      ['type', true],
      ['abstract', false],
    ]);
  });

  it('opens a recursive schema one level at a time and never the same component twice in a branch', () => {
    const root = schemaNode(doc, { $ref: '#/components/schemas/DocumentNode' });
    expect(root.label).toBe('one of 2');
    const variants = childNodes(doc, root);
    expect(variants.map((v) => v.name)).toEqual(['type = "doc"', 'type = "text"']);
    const content = byName(childNodes(doc, byName(variants, 'type = "doc"')), 'content');
    expect(content.label).toBe('DocumentNode[]');
    // The items are the DocumentNode already open above: named, not opened again.
    expect(content.hasChildren).toBe(false);
    expect(childNodes(doc, content)).toEqual([]);
    expect(content.facts).toContain('the same DocumentNode as above (it holds itself)');
  });

  it('shows an array of objects by the properties of its items', () => {
    const list = doc.paths['/api/v1/pubs']!.get!.responses!['200']!.content!['application/json']!.schema!;
    const publications = byName(childNodes(doc, schemaNode(doc, list)), 'publications');
    expect(publications.label).toBe('object[]');
    expect(childNodes(doc, publications).map((c) => c.name)).toEqual(['id', 'title', 'type', 'year', 'createdAt']);
  });
});
