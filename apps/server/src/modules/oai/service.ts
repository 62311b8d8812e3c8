import { API_ROOT, type Licence } from '@observatory/shared';
import type { Database } from '../../db/client.js';
import { isMetadataPrefix, METADATA_FORMATS, metadataOf, type CatalogueRecord, type FormatContext, type MetadataPrefix } from './formats.js';
import {
  datestamp,
  oaiIdentifier,
  parseIdentifier,
  parseRequest,
  parseSetSpec,
  setSpecsOf,
  type ListVerb,
  type OaiError,
  type OaiRequest,
  type Range,
  type SetFilter,
} from './protocol.js';
import * as repo from './repo.js';
import { createTokenCodec, type TokenState } from './token.js';
import { element, text } from './xml.js';

/** Records per page of ListIdentifiers and ListRecords; the rest follows a resumption token. */
export const OAI_PAGE_SIZE = 100;

const OAI_NS = 'http://www.openarchives.org/OAI/2.0/';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

export interface OaiDeps {
  db: Database;
  /** The catalogue's public address (config.publicUrl). */
  publicUrl: string;
  repositoryName: string;
  adminEmail: string;
  /** The data licence Site Admin chose, as it is now. */
  licence: () => Licence;
  /** The server's token secret: resumption tokens are signed with a key derived from it. */
  secret: string;
  pageSize?: number;
  now?: () => Date;
}

type Body = { body: string } | { errors: OaiError[] };
/** A list's state: a token's, or the first page's, which starts before every record. */
type ListState = Omit<TokenState, 'after'> & { after: TokenState['after'] | null };

/**
 * The OAI-PMH 2.0 data provider (docs/harvestable.md): every answer is decided for a
 * visitor, whoever asks, so a harvester gets exactly the public catalogue and the
 * deletions of what it could once read.
 */
export function createOaiService(deps: OaiDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const pageSize = deps.pageSize ?? OAI_PAGE_SIZE;
  const tokens = createTokenCodec(deps.secret, { now });
  const host = new URL(deps.publicUrl).hostname;
  const baseUrl = `${deps.publicUrl}${API_ROOT}/oai`;
  const context = (): FormatContext => ({ site: deps.publicUrl, repositoryName: deps.repositoryName, repositoryId: host, licence: deps.licence() });

  const header = (r: repo.ListedRecord) =>
    element('header', { status: r.deleted ? 'deleted' : null }, [
      text('identifier', oaiIdentifier(host, r.kind, r.id)),
      text('datestamp', datestamp(r.stamp)),
      ...setSpecsOf(r).map((spec) => text('setSpec', spec)),
    ]);

  /** Records with their metadata in one format; a deleted one (or one hidden since it was listed) with its header only. */
  async function recordsOf(listed: repo.ListedRecord[], prefix: MetadataPrefix): Promise<string[]> {
    const live = (kind: string) => listed.filter((r) => r.kind === kind && !r.deleted).map((r) => r.id);
    const found = await db.use(async (d) => [...(await repo.publicationRecords(d, live('publication'))), ...(await repo.projectRecords(d, live('project')))]);
    const byKey = new Map<string, CatalogueRecord>(found.map((r) => [`${r.kind}/${r.id}`, r]));
    const ctx = context();
    return listed.map((r) => {
      const data = r.deleted ? undefined : byKey.get(`${r.kind}/${r.id}`);
      return element('record', {}, [header(r), data ? element('metadata', {}, metadataOf(prefix, data, ctx)) : '']);
    });
  }

  async function identify(): Promise<Body> {
    const earliest = await db.use((d) => repo.earliestStamp(d));
    const description = REPOSITORY_ID.test(host)
      ? element(
          'description',
          {},
          element(
            'oai-identifier',
            {
              xmlns: 'http://www.openarchives.org/OAI/2.0/oai-identifier',
              'xsi:schemaLocation': 'http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd',
            },
            [
              text('scheme', 'oai'),
              text('repositoryIdentifier', host),
              text('delimiter', ':'),
              text('sampleIdentifier', oaiIdentifier(host, 'project', '00000000-0000-4000-8000-000000000000')),
            ],
          ),
        )
      : '';
    return {
      body: element('Identify', {}, [
        text('repositoryName', deps.repositoryName),
        text('baseURL', baseUrl),
        text('protocolVersion', '2.0'),
        text('adminEmail', deps.adminEmail),
        text('earliestDatestamp', datestamp(earliest ?? now())),
        text('deletedRecord', 'persistent'),
        text('granularity', 'YYYY-MM-DDThh:mm:ssZ'),
        description,
      ]),
    };
  }

  /** The record an identifier names, live or deleted, or idDoesNotExist. */
  async function find(identifier: string): Promise<repo.ListedRecord | OaiError> {
    const named = parseIdentifier(host, identifier);
    const found = named ? await db.use((d) => repo.findRecord(d, named.kind, named.id)) : null;
    return found ?? { code: 'idDoesNotExist', message: `No record of this repository is ${identifier}` };
  }

  async function listMetadataFormats(identifier: string | null): Promise<Body> {
    // Every record, deleted ones too, is answered in every format (a deleted one as its header).
    if (identifier !== null) {
      const found = await find(identifier);
      if ('code' in found) return { errors: [found] };
    }
    const formats = Object.entries(METADATA_FORMATS).map(([prefix, f]) =>
      element('metadataFormat', {}, [text('metadataPrefix', prefix), text('schema', f.schema), text('metadataNamespace', f.namespace)]),
    );
    return { body: element('ListMetadataFormats', {}, formats) };
  }

  async function listSets(resumptionToken: string | null): Promise<Body> {
    // All sets fit in one answer: no token is ever handed out for them.
    if (resumptionToken !== null)
      return { errors: [{ code: 'badResumptionToken', message: 'ListSets is answered whole: this repository gives it no resumption token' }] };
    const projects = await db.use((d) => repo.readableProjects(d));
    const set = (spec: string, name: string) => element('set', {}, [text('setSpec', spec), text('setName', name)]);
    return {
      body: element('ListSets', {}, [
        set('type', 'Records by type'),
        set('type:project', 'Projects'),
        set('type:publication', 'Publications'),
        ...PUBLICATION_SETS.map(([type, name]) => set(`type:publication:${type}`, `Publications: ${name}`)),
        set('project', 'Records by project: each project and its publications'),
        ...projects.map((p) => set(`project:${p.slug}`, p.title)),
      ]),
    };
  }

  async function getRecord(identifier: string, prefix: string): Promise<Body> {
    if (!isMetadataPrefix(prefix)) return cannotDisseminate(prefix);
    const found = await find(identifier);
    if ('code' in found) return { errors: [found] };
    return { body: element('GetRecord', {}, await recordsOf([found], prefix)) };
  }

  /** The list's state at its first page: the set resolved, `until` held at this second (records changed later are the next harvest's). */
  async function firstState(verb: ListVerb, prefix: string, setSpec: string | null, range: Range): Promise<ListState | OaiError> {
    if (!isMetadataPrefix(prefix)) return cannotDisseminate(prefix).errors[0]!;
    const filter = setSpec === null ? {} : await resolveSet(setSpec);
    if (!filter) return { code: 'noRecordsMatch', message: `No set of this repository is ${setSpec}: ListSets names them` };
    const nextSecond = new Date(Math.floor(now().getTime() / 1000) * 1000 + 1000);
    const until = range.until && range.until < nextSecond ? range.until : nextSecond;
    const query = { filter, from: range.from, until };
    const total = await db.use((d) => repo.countRecords(d, query));
    return {
      verb,
      prefix,
      filter,
      from: range.from?.toISOString() ?? null,
      until: until.toISOString(),
      after: null,
      cursor: 0,
      total,
    };
  }

  async function resolveSet(spec: string): Promise<SetFilter | null> {
    const parsed = parseSetSpec(spec);
    if (!parsed || !('projectSlug' in parsed)) return parsed;
    const id = await db.use((d) => repo.readableProjectId(d, parsed.projectSlug));
    return id ? { project: id } : null;
  }

  async function list(request: Extract<OaiRequest, { verb: ListVerb }>): Promise<Body> {
    const { verb } = request;
    let state: ListState;
    if (request.resumptionToken !== null) {
      const decoded = tokens.decode(request.resumptionToken);
      if ('problem' in decoded)
        return badToken(decoded.problem === 'expired' ? 'The resumption token has expired: start the list again' : 'Not a resumption token of this repository');
      if (decoded.state.verb !== verb) return badToken(`The resumption token continues a ${decoded.state.verb} list`);
      state = decoded.state;
    } else {
      const first = await firstState(verb, request.metadataPrefix, request.set, request.range);
      if ('code' in first) return { errors: [first] };
      state = first;
    }
    if (!isMetadataPrefix(state.prefix)) return cannotDisseminate(state.prefix);
    const query = { filter: state.filter, from: state.from ? new Date(state.from) : null, until: new Date(state.until), after: state.after };
    const page = await db.use((d) => repo.listRecords(d, query, pageSize + 1));
    const shown = page.slice(0, pageSize);
    if (shown.length === 0) return { errors: [{ code: 'noRecordsMatch', message: 'No record matches these arguments' }] };
    const items = verb === 'ListRecords' ? await recordsOf(shown, state.prefix) : shown.map(header);
    return { body: element(verb, {}, [...items, resumption(state, shown, page.length > shown.length, request.resumptionToken !== null)]) };
  }

  /** The resumptionToken element: a token to the next page, an empty one on the last page of a list in pages, nothing for a list in one. */
  function resumption(state: ListState, shown: repo.ListedRecord[], more: boolean, continued: boolean): string {
    const counts = { completeListSize: Math.max(state.total, state.cursor + shown.length), cursor: state.cursor };
    if (!more) return continued ? element('resumptionToken', counts) : '';
    const last = shown.at(-1)!;
    const next = { ...state, after: { stamp: last.stamp, id: last.id }, cursor: state.cursor + shown.length };
    const { token, expires } = tokens.encode(next);
    return text('resumptionToken', token, { expirationDate: datestamp(expires), ...counts });
  }

  async function bodyOf(request: OaiRequest): Promise<Body> {
    switch (request.verb) {
      case 'Identify':
        return identify();
      case 'ListMetadataFormats':
        return listMetadataFormats(request.identifier);
      case 'ListSets':
        return listSets(request.resumptionToken);
      case 'GetRecord':
        return getRecord(request.identifier, request.metadataPrefix);
      default:
        return list(request);
    }
  }

  return {
    baseUrl,

    /**
     * The answer to a request's arguments (the query's or the form's, repeats kept), as the
     * XML document to send; null: a body that is not a form, whose arguments cannot be read.
     */
    async answer(pairs: [string, string][] | null): Promise<string> {
      const responseDate = datestamp(now());
      const parsed: ReturnType<typeof parseRequest> = pairs
        ? parseRequest(pairs)
        : { errors: [{ code: 'badArgument', message: 'A POST request sends its arguments as application/x-www-form-urlencoded' }] };
      // A badVerb or badArgument answer names the base URL only, without the arguments (§3.6).
      if ('errors' in parsed) return envelope(responseDate, {}, { errors: parsed.errors });
      return envelope(responseDate, parsed.echo, await bodyOf(parsed.request));
    },
  };

  function envelope(responseDate: string, echo: Record<string, string>, body: Body): string {
    const content = 'body' in body ? body.body : body.errors.map((e) => text('error', e.message, { code: e.code }) || element('error', { code: e.code }));
    return `<?xml version="1.0" encoding="UTF-8"?>\n${element(
      'OAI-PMH',
      { xmlns: OAI_NS, 'xmlns:xsi': XSI, 'xsi:schemaLocation': `${OAI_NS} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd` },
      [text('responseDate', responseDate), text('request', baseUrl, echo), ...[content].flat()],
    )}\n`;
  }
}

/** The oai-identifier scheme's repositoryIdentifier: a domain name with a dot (no "localhost", no port). */
const REPOSITORY_ID = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/;

const PUBLICATION_SETS = [
  ['article', 'articles'],
  ['book', 'books'],
  ['chapter', 'chapters'],
  ['report', 'reports'],
  ['thesis', 'theses'],
  ['dataset', 'data sets'],
  ['software', 'software'],
  ['other', 'other'],
] as const;

const cannotDisseminate = (prefix: string) => ({
  errors: [
    { code: 'cannotDisseminateFormat' as const, message: `${prefix} is not a metadata format of this repository: ${Object.keys(METADATA_FORMATS).join(', ')}` },
  ],
});
const badToken = (message: string): Body => ({ errors: [{ code: 'badResumptionToken', message }] });
