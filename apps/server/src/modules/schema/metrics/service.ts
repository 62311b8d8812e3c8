import { eq } from 'drizzle-orm';
import type { Metric, MetricInputSchema } from '@observatory/shared';
import type { z } from 'zod';
import { authorize, type Actor } from '../../../authz/authorize.js';
import type { Database, Db } from '../../../db/client.js';
import { metrics } from '../../../db/schema/index.js';
import { audit } from '../../../lib/audit.js';
import { inUse, notFound, taken } from '../../../lib/errors.js';
import { bumped, checkVersion, type Precondition } from '../../../lib/versions.js';
import * as repo from '../repo.js';
import { requireUcum } from '../units/service.js';

type Input = z.output<typeof MetricInputSchema>;

export const toMetric = (row: repo.MetricRow): Metric => ({
  name: row.name,
  title: row.title,
  description: row.description,
  unit: row.unit,
  type: row.type as Metric['type'],
  allowed: row.allowed,
  min: row.min,
  max: row.max,
  rules: row.rules,
  version: row.version,
});

/** What is measured: typed values with a UCUM unit, limits or allowed values. */
export function createMetricsService(deps: { db: Database }) {
  const { db } = deps;
  async function load(d: Db, name: string) {
    const row = await repo.findMetric(d, name);
    if (!row) throw notFound('Metric');
    return row;
  }
  /** The id of the metric a write changes: its transaction locks the row by id first, then reads it. */
  const idOf = async (name: string) => (await db.use((d) => load(d, name))).id;
  async function loadById(d: Db, id: string) {
    const row = await repo.findMetricById(d, id);
    if (!row) throw notFound('Metric');
    return row;
  }
  const values = (input: Input) => {
    if (input.unit !== null) requireUcum('body.unit', input.unit);
    return {
      name: input.name,
      title: input.title,
      description: input.description,
      unit: input.unit,
      type: input.type,
      allowed: input.allowed,
      min: input.min,
      max: input.max,
      rules: input.rules,
    };
  };

  return {
    listMetrics: async () => (await db.use(repo.listMetrics)).map(toMetric),
    getMetric: async (name: string) => toMetric(await db.use((d) => load(d, name))),

    async createMetric(actor: Actor | null, input: Input): Promise<Metric> {
      authorize(actor, 'manageSchema');
      const row = values(input);
      return db.transaction(async (tx) => {
        if (await repo.findMetric(tx, input.name)) throw taken('body.name', 'A metric with this name exists');
        const [created] = await tx.insert(metrics).values(row).returning();
        await audit(tx, actor, 'metric.create', { type: 'metric', id: created!.id }, { after: created });
        return toMetric(created!);
      });
    },

    async updateMetric(actor: Actor | null, name: string, input: Input, precondition: Precondition = {}): Promise<Metric> {
      authorize(actor, 'manageSchema');
      const row = values(input);
      const id = await idOf(name);
      return db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.metricVersion(id), precondition);
        const before = await loadById(tx, id);
        if (input.name !== before.name && (await repo.findMetric(tx, input.name))) throw taken('body.name', 'A metric with this name exists');
        const [after] = await tx
          .update(metrics)
          .set({ ...row, ...bumped(metrics, actor) })
          .where(eq(metrics.id, before.id))
          .returning();
        await audit(tx, actor, 'metric.update', { type: 'metric', id: before.id }, { before, after });
        return toMetric(after!);
      });
    },

    /** Only a metric no object type measures and no data table holds. */
    async deleteMetric(actor: Actor | null, name: string, precondition: Precondition = {}): Promise<void> {
      authorize(actor, 'manageSchema');
      const id = await idOf(name);
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.metricVersion(id), precondition);
        const before = await loadById(tx, id);
        const types = await repo.typesWithMetric(tx, before.id);
        if (types.length)
          throw inUse(
            `This metric is measured on ${types.length} object type${types.length === 1 ? '' : 's'}`,
            types.map((t) => t.name),
          );
        const tables = await repo.tablesWithMetric(tx, before.id);
        if (tables.length)
          throw inUse(
            `${tables.length} data table${tables.length === 1 ? ' holds' : 's hold'} this metric`,
            tables.map((t) => `${t.title} (${t.project})`),
          );
        await tx.delete(metrics).where(eq(metrics.id, before.id));
        await audit(tx, actor, 'metric.delete', { type: 'metric', id: before.id }, { before });
      });
    },
  };
}
