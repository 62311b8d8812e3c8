import jsonld from 'jsonld';
import { Parser, Writer } from 'n3';
import { describe, expect, it } from 'vitest';
import { iri, jsonLd, prefersTurtle, quadsOf, rdfNode, turtle, typed } from './rdf.js';

/** A JSON-LD processor's reading of a document, offline: a remote context would be refused. */
const documentLoader = ((url: string) => Promise.reject(new Error(`No network in tests: ${url}`))) as never;

/** The graph in canonical N-Quads (RDF Dataset Canonicalization), so two serializations compare equal when they are the same graph. */
const canonical = (nquads: string) =>
  jsonld.canonize(nquads as never, { algorithm: 'URDNA2015', inputFormat: 'application/n-quads', documentLoader }) as Promise<string>;
const asNQuads = (quads: ReturnType<typeof quadsOf>) => new Writer({ format: 'N-Quads' }).quadsToString(quads);

const document = jsonLd([
  rdfNode({
    '@id': 'https://example.org/#catalog',
    '@type': 'dcat:Catalog',
    'dct:title': 'Snow “survey” \n with a line break and a \\ backslash',
    'dct:description': typed('Beschreibung', 'xsd:string'),
    'dcat:keyword': ['snow', 'ice'],
    'dct:publisher': rdfNode({ '@type': ['foaf:Agent', 'foaf:Organization'], 'foaf:name': 'Abisko' }),
    'dcat:dataset': [iri('https://example.org/projects/a'), iri('https://example.org/projects/b')],
    'hydra:totalItems': 2,
    'adms:versionNotes': { '@value': 'Erste', '@language': 'de' },
    'dct:issued': typed('2024-01-05T00:00:00.000Z', 'xsd:dateTime'),
    'dct:spatial': rdfNode({ '@type': 'dct:Location', 'dcat:bbox': typed('POLYGON((18 68,19 68,19 69,18 69,18 68))', 'gsp:wktLiteral') }),
    'dct:hasPart': null,
  }),
]);

describe('an RDF graph written once as JSON-LD', () => {
  it('is the same graph in Turtle as a JSON-LD processor reads from the JSON-LD', async () => {
    const fromJsonLd = (await jsonld.toRDF(document as never, { format: 'application/n-quads', documentLoader })) as unknown as string;
    const fromTurtle = asNQuads(new Parser({ format: 'text/turtle' }).parse(await turtle(document)));
    expect(fromJsonLd.trim().split('\n')).toHaveLength(17);
    expect(await canonical(fromTurtle)).toBe(await canonical(fromJsonLd));
  });

  it('writes prefixed names and drops members with no value', async () => {
    const text = await turtle(document);
    expect(text).toContain('@prefix dcat: <http://www.w3.org/ns/dcat#>.');
    expect(text).toMatch(/<https:\/\/example\.org\/#catalog> a dcat:Catalog/);
    expect(text).toContain('"Erste"@de');
    expect(text).not.toContain('hasPart');
  });

  it('types numbers as JSON-LD does: integers as xsd:integer', () => {
    const total = quadsOf(document).find((q) => q.predicate.value === 'http://www.w3.org/ns/hydra/core#totalItems')!;
    expect(total.object).toMatchObject({ value: '2', datatype: { value: 'http://www.w3.org/2001/XMLSchema#integer' } });
  });
});

describe('prefersTurtle', () => {
  it.each([
    ['text/turtle', true],
    ['text/turtle;q=0.9, application/ld+json', false],
    ['application/ld+json;q=0.5, text/turtle', true],
    ['text/turtle, */*;q=0.1', true],
    ['*/*', false],
    ['', false],
    [undefined, false],
    ['text/html', false],
  ])('%s: %s', (accept, turtleFirst) => expect(prefersTurtle(accept)).toBe(turtleFirst));
});
