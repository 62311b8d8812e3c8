/**
 * The relation import: each record names an object and, per relation type, the object it
 * relates to (today one type, "site": the object's parent site). As the object import,
 * one plan serves the preview and the commit, which refuses the whole file on any error.
 */
import { randomUUID } from 'node:crypto';
import type { ImportPreview, PreviewRecord, RelationImportOptionsSchema, RelationImportRequestSchema } from '@observatory/shared';
import type { z } from 'zod';
import { authorize, type Actor } from '../../authz/authorize.js';
import { visibleTo } from '../../authz/visibility.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { invalidField } from '../../lib/errors.js';
import type { ObjectsService } from '../objects/index.js';
import { answerOf, committedAnswer, FIRST_ROW, inBatches, noProgress, refuseIfErrors, type OnProgress, type PreviewView } from './preview.js';
import * as repo from './repo.js';

type Options = z.output<typeof RelationImportOptionsSchema>;
type Body = z.output<typeof RelationImportRequestSchema>;
type RelationRecord = Omit<PreviewRecord, 'before' | 'after'> & { before: { site: string | null } | null; after: { site: string | null } | null };

interface Planned {
  record: RelationRecord;
  id: string | null;
  parentId: string | null;
}

/** Created is always 0: a relation import changes objects that are there. */
export function relationStats(records: RelationRecord[]) {
  const stats = { created: 0, updated: 0, unchanged: 0, errors: 0, relationsAdded: 0, relationsChanged: 0, relationsRemoved: 0 };
  for (const { status, operation, before, after } of records) {
    if (status === 'error') stats.errors++;
    else if (operation === 'none') stats.unchanged++;
    else if (operation === 'update') {
      stats.updated++;
      if (!before?.site) stats.relationsAdded++;
      else if (!after?.site) stats.relationsRemoved++;
      else stats.relationsChanged++;
    }
  }
  return stats;
}

export function createRelationImport(deps: { db: Database; objects: ObjectsService }) {
  const { db, objects } = deps;

  async function plan(d: Db, actor: Actor | null, records: string[][], options: Options, width: number): Promise<Planned[]> {
    for (const [name, index] of [['idColumn', options.idColumn] as const, ['relColumns.site', options.relColumns.site] as const]) {
      if (index !== null && index >= width) throw invalidField(`body.options.${name}`, `The file has ${width} columns: there is no column ${index}`);
    }
    if (options.relColumns.site === null) throw invalidField('body.options.relColumns', 'Choose the column of at least one relation (Site)');
    const cell = (record: string[], index: number) => (record[index] ?? '').trim();
    const names = records.flatMap((r) => [cell(r, options.idColumn), cell(r, options.relColumns.site!)]).filter(Boolean);
    const states = new Map((await repo.relationStates(d, [...new Set(names)], visibleTo(actor, 'object'))).map((s) => [s.name, s]));
    const seen = (name: string) => {
      const found = states.get(name);
      return found?.visible ? found : null;
    };
    const firstRow = new Map<string, number>();
    const planned = records.map((record, i): Planned => {
      const row = i + FIRST_ROW;
      const errors: RelationRecord['errors'] = [];
      const fail = (column: number | null, message: string) => errors.push({ column, message });
      const name = cell(record, options.idColumn);
      const object = name ? seen(name) : null;
      if (!name) fail(options.idColumn, 'The id is empty');
      else if (firstRow.has(name)) fail(options.idColumn, `The id ${name} repeats row ${firstRow.get(name)}`);
      else if (!object) fail(options.idColumn, `No object is named ${name}`);
      if (name && !firstRow.has(name)) firstRow.set(name, row);
      const siteName = cell(record, options.relColumns.site!);
      const site = siteName ? seen(siteName) : null;
      if (siteName && !site) fail(options.relColumns.site, `No object is named ${siteName}`);
      else if (site && object && site.id === object.id) fail(options.relColumns.site, 'An object cannot be its own site');
      const before = object ? { site: object.parent } : null;
      const keep = !siteName && !options.removeEmptyRels;
      const after = { site: keep ? (object?.parent ?? null) : (site?.name ?? null) };
      const ok = errors.length === 0;
      return {
        record: {
          row,
          name: name || null,
          status: ok ? 'ok' : 'error',
          operation: ok ? (before!.site === after.site ? 'none' : 'update') : null,
          errors,
          before,
          after: ok ? after : null,
        },
        id: object?.id ?? null,
        parentId: keep ? (object?.parentId ?? null) : (site?.id ?? null),
      };
    });
    await refuseLoops(d, planned, options);
    return planned;
  }

  /** A new parent inside the object's own subtree (as the file leaves the tree) would make a loop: that record fails. */
  async function refuseLoops(d: Db, planned: Planned[], options: Options) {
    const changes = planned.filter((p) => p.record.operation === 'update' && p.parentId);
    const parents = await repo.chainsAbove(
      d,
      changes.map((p) => p.parentId!),
    );
    for (const p of planned) if (p.id && p.record.status === 'ok') parents.set(p.id, p.parentId);
    for (const p of changes) {
      const visited = new Set<string>();
      for (let at: string | null | undefined = p.parentId; at && !visited.has(at); at = parents.get(at)) {
        visited.add(at);
        if (at === p.id) {
          p.record.status = 'error';
          p.record.operation = null;
          p.record.after = null;
          p.record.errors.push({ column: options.relColumns.site, message: `${p.record.name} would be inside its own site: parents cannot form a loop` });
          break;
        }
      }
    }
  }

  const answer = (planned: Planned[], view: PreviewView, fromSession: boolean, committed: boolean) => {
    const records = planned.map((p) => p.record);
    return answerOf(records, relationStats(records), view, fromSession, committed);
  };

  return {
    async preview(actor: Actor | null, body: Body): Promise<ImportPreview> {
      authorize(actor, 'importData');
      return db.use(async (d) => {
        const { records, width, session } = await repo.requestRecords(d, body);
        return answer(await plan(d, actor, records, body.options, width), body, session !== null, false);
      });
    },

    async commit(actor: Actor | null, body: Body, onProgress: OnProgress = noProgress): Promise<ImportPreview> {
      authorize(actor, 'importData');
      return db.transaction(async (tx) => {
        const locked = await repo.lockSession(tx, body);
        const done = locked && committedAnswer(locked, 'object_rels', body.options);
        if (done) return done;
        const { records, width, session } = await repo.requestRecords(tx, body);
        const planned = await plan(tx, actor, records, body.options, width);
        refuseIfErrors(planned.map((p) => p.record));
        const changes = planned.filter((p) => p.record.operation === 'update').map((p) => ({ id: p.id!, parentId: p.parentId }));
        await inBatches(changes, onProgress, (batch) => objects.setParentsImported(tx, actor!, batch));
        const result = answer(planned, body, session !== null, true);
        if (session) await repo.markCommitted(tx, session.id, 'object_rels', body.options, result.stats);
        await audit(
          tx,
          actor,
          'import.object_rels',
          { type: 'import', id: session?.id ?? randomUUID() },
          { after: { file: session?.fileName ?? null, options: body.options, stats: result.stats } },
        );
        return result;
      });
    },
  };
}
