import { eq, sql } from 'drizzle-orm';
import type { Unit, UnitConversion, UnitDetail, UnitInput } from '@observatory/shared';
import { authorize, type Actor } from '../../../authz/authorize.js';
import type { Database, Db } from '../../../db/client.js';
import { units } from '../../../db/schema/index.js';
import { audit } from '../../../lib/audit.js';
import { AppError, invalidField, notFound, taken } from '../../../lib/errors.js';
import { bumped, checkVersion, type Precondition } from '../../../lib/versions.js';
import * as repo from '../repo.js';
import { checkUnit, convertUnit, referenceUnits } from './ucum.js';

const eqCode = (code: string) => eq(units.code, code);

const toUnit = (row: repo.UnitRow): Unit => ({
  code: row.code,
  name: row.name,
  printSymbol: row.printSymbol,
  property: row.property,
  builtin: row.builtin,
  version: row.version,
});

/** A code UCUM knows, or a 400 naming the field with UCUM's own words and suggestions. */
export function requireUcum(field: string, code: string): string {
  const check = checkUnit(code);
  if (!check.valid) throw invalidField(field, `Not a UCUM unit: ${check.problem}`);
  return check.name;
}

/** Units of measure: UCUM's reference list plus those administrators add; conversions between them. */
export function createUnitsService(deps: { db: Database }) {
  const { db } = deps;
  async function load(d: Db, code: string) {
    const row = await repo.findUnit(d, code);
    if (!row) throw notFound('Unit');
    return row;
  }

  return {
    listUnits: async () => (await db.use(repo.listUnits)).map(toUnit),

    async getUnit(code: string): Promise<UnitDetail> {
      return db.use(async (d) => ({ unit: toUnit(await load(d, code)), metrics: await repo.metricsInUnit(d, code) }));
    },

    async createUnit(actor: Actor | null, input: UnitInput): Promise<Unit> {
      authorize(actor, 'manageSchema');
      const name = requireUcum('body.code', input.code);
      return db.transaction(async (tx) => {
        if (await repo.findUnit(tx, input.code)) throw taken('body.code', 'This unit is in the list already');
        const [row] = await tx
          .insert(units)
          .values({ code: input.code, name: input.name || name, printSymbol: input.printSymbol ?? input.code, property: input.property ?? '' })
          .returning();
        await audit(tx, actor, 'unit.create', { type: 'unit', id: row!.code }, { after: row });
        return toUnit(row!);
      });
    },

    async updateUnit(actor: Actor | null, code: string, input: Omit<UnitInput, 'code'>, precondition: Precondition = {}): Promise<Unit> {
      authorize(actor, 'manageSchema');
      return db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.unitVersion(code), precondition);
        const before = await load(tx, code);
        const [row] = await tx
          .update(units)
          .set({
            name: input.name || before.name,
            printSymbol: input.printSymbol ?? before.printSymbol,
            property: input.property ?? before.property,
            ...bumped(units, actor),
          })
          .where(eqCode(code))
          .returning();
        await audit(tx, actor, 'unit.update', { type: 'unit', id: code }, { before, after: row });
        return toUnit(row!);
      });
    },

    /** Not one of UCUM's own (they come back at every start), nor one a metric is measured in. */
    async deleteUnit(actor: Actor | null, code: string, precondition: Precondition = {}): Promise<void> {
      authorize(actor, 'manageSchema');
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.unitVersion(code), precondition);
        const before = await load(tx, code);
        if (before.builtin) throw new AppError('CONFLICT', 'UCUM’s own units stay in the list');
        const used = await repo.metricsInUnit(tx, code);
        if (used.length)
          throw new AppError(
            'CONFLICT',
            `${used.length} metric${used.length === 1 ? ' is' : 's are'} measured in ${code}: ${used.map((m) => m.title).join(', ')}`,
          );
        await tx.delete(units).where(eqCode(code));
        await audit(tx, actor, 'unit.delete', { type: 'unit', id: code }, { before });
      });
    },

    convertUnits(value: number, from: string, to: string): UnitConversion {
      requireUcum('querystring.from', from);
      requireUcum('querystring.to', to);
      const result = convertUnit(value, from, to);
      if (result === null)
        throw new AppError('VALIDATION_FAILED', `${from} cannot be converted to ${to}: they do not measure the same thing`, {
          details: [
            { field: 'querystring.from', message: `${from} and ${to} are not commensurable` },
            { field: 'querystring.to', message: `${from} and ${to} are not commensurable` },
          ],
        });
      return { value, from, to, result };
    },

    /** UCUM's table, added when missing and kept up to date (at every start). */
    async ensureReference(): Promise<void> {
      const rows = referenceUnits().map((u) => ({ ...u, builtin: true }));
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += 500) {
          // UCUM's own rows follow its table (read-only here); a unit an administrator added first stays theirs.
          // Only a row UCUM's table changes is written, so a start leaves every version as it was.
          await tx
            .insert(units)
            .values(rows.slice(i, i + 500))
            .onConflictDoUpdate({
              target: units.code,
              set: { name: sql`excluded.name`, printSymbol: sql`excluded.print_symbol`, property: sql`excluded.property`, ...bumped(units, null) },
              setWhere: sql`${units.builtin} and (${units.name}, ${units.printSymbol}, ${units.property}) is distinct from (excluded.name, excluded.print_symbol, excluded.property)`,
            });
        }
      });
    },
  };
}
