import { DataFactory, Writer, type Quad, type Quad_Object, type Quad_Subject } from 'n3';

/**
 * RDF graphs written once, as compact JSON-LD, and served as JSON-LD or Turtle. The JSON-LD
 * is a small subset whose meaning needs no remote context: keys are prefixed names
 * (`dct:title`) of the prefixes below, `@type` a prefixed name or a list of them, and a
 * value is a string (a plain literal), a number, a boolean, `{ '@id' }` (an IRI), `{ '@value',
 * '@type' | '@language' }` (a typed or tagged literal), a node (an object with other
 * members: a blank node unless it has an `@id`), or a list of these. Turtle is made from
 * the same document, so the two always say the same (rdf.test.ts reads both back).
 */
export const PREFIXES = {
  adms: 'http://www.w3.org/ns/adms#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  gsp: 'http://www.opengis.net/ont/geosparql#',
  hydra: 'http://www.w3.org/ns/hydra/core#',
  locn: 'http://www.w3.org/ns/locn#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
} as const;

export type Literal = { '@value': string; '@type'?: string; '@language'?: string };
export type Value = string | number | boolean | { '@id': string } | Literal | RdfNode;
export interface RdfNode {
  '@id'?: string;
  '@type'?: string | string[];
  [property: string]: Value | Value[] | undefined;
}
export interface JsonLdDocument {
  '@context': Record<string, string>;
  '@graph': RdfNode[];
}

const { namedNode, blankNode, literal, quad } = DataFactory;

/** A prefixed name as a full IRI; anything else (an absolute IRI) as it is. */
function expand(name: string): string {
  const colon = name.indexOf(':');
  const prefix = name.slice(0, colon) as keyof typeof PREFIXES;
  return colon > 0 && prefix in PREFIXES ? PREFIXES[prefix] + name.slice(colon + 1) : name;
}

const isLiteral = (value: object): value is Literal => '@value' in value;
const isNode = (value: object): value is RdfNode => !isLiteral(value) && !(Object.keys(value).length === 1 && '@id' in value);

/** Drops members with no value, so a node says only what is known. */
export function rdfNode(members: Record<string, Value | Value[] | null | undefined>): RdfNode {
  const kept = Object.entries(members).filter(([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));
  return Object.fromEntries(kept) as RdfNode;
}

export const iri = (id: string) => ({ '@id': id });
export const typed = (value: string, type: string) => ({ '@value': value, '@type': type });

export function jsonLd(graph: RdfNode[]): JsonLdDocument {
  return { '@context': { ...PREFIXES }, '@graph': graph };
}

/** The document's triples, each node's own together (nested nodes after their parent's), blank nodes numbered in document order. */
export function quadsOf(document: JsonLdDocument): Quad[] {
  const quads: Quad[] = [];
  let blanks = 0;
  const pending: [Quad_Subject, RdfNode][] = [];
  const name = (node: RdfNode): Quad_Subject => (node['@id'] ? namedNode(expand(node['@id'])) : blankNode(`b${blanks++}`));
  const object = (value: Value): Quad_Object => {
    if (typeof value === 'string') return literal(value);
    if (typeof value === 'number') return literal(String(value), namedNode(expand(Number.isInteger(value) ? 'xsd:integer' : 'xsd:double')));
    if (typeof value === 'boolean') return literal(String(value), namedNode(expand('xsd:boolean')));
    if (isLiteral(value)) return literal(value['@value'], value['@language'] ?? (value['@type'] ? namedNode(expand(value['@type'])) : undefined));
    if (isNode(value)) {
      const self = name(value);
      pending.push([self, value]);
      return self;
    }
    return namedNode(expand(value['@id'] as string));
  };
  const describe = (self: Quad_Subject, node: RdfNode) => {
    for (const type of [node['@type'] ?? []].flat()) quads.push(quad(self, namedNode(expand('rdf:type')), namedNode(expand(type))));
    for (const [property, values] of Object.entries(node)) {
      if (property.startsWith('@') || values === undefined) continue;
      for (const value of [values].flat()) quads.push(quad(self, namedNode(expand(property)), object(value)));
    }
  };
  for (const node of document['@graph']) {
    describe(name(node), node);
    while (pending.length) describe(...pending.shift()!);
  }
  return quads;
}

export function turtle(document: JsonLdDocument): Promise<string> {
  const writer = new Writer({ prefixes: { ...PREFIXES } });
  writer.addQuads(quadsOf(document));
  return new Promise((resolve, reject) => writer.end((error, result: string) => (error ? reject(error) : resolve(result))));
}

/** Whether the Accept header ranks Turtle above every JSON type (JSON-LD is the default). */
export function prefersTurtle(accept: string | undefined): boolean {
  const ranked = (accept ?? '').split(',').map((part) => {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return { type, q: q ? Number(q.slice(2)) || 0 : 1 };
  });
  const best = (match: (type: string) => boolean) => Math.max(0, ...ranked.filter((r) => match(r.type)).map((r) => r.q));
  return best((t) => t === 'text/turtle') > best((t) => t === 'application/ld+json' || t === 'application/json' || t === '*/*' || t === 'application/*');
}
