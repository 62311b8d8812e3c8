/**
 * The quality of measured values: a flag on every observation, the data level of its
 * release, and the plausibility rules a metric's values are checked by.
 */
import { z } from 'zod';

/**
 * Quality flags, after the primary level of the IOC/IODE quality flag scheme (Ocean Data
 * Standards vol. 3, IOC Manuals and Guides 54-3, 2013): its code beside each name, for
 * exchange with systems that use the numbers.
 */
export const QUALITY_FLAGS = ['good', 'not checked', 'suspect', 'bad', 'missing'] as const;
export type QualityFlag = (typeof QUALITY_FLAGS)[number];
export const IODE_FLAG_CODES: Record<QualityFlag, number> = { good: 1, 'not checked': 2, suspect: 3, bad: 4, missing: 9 };
export const QualityFlagSchema = z.enum(QUALITY_FLAGS).describe('good, not checked, suspect, bad or missing (the IOC/IODE scheme’s 1, 2, 3, 4, 9)');

/** How far a value has come: as measured, checked but open to change, or published and fixed. */
export const DATA_LEVELS = ['raw', 'provisional', 'released'] as const;
export type DataLevel = (typeof DATA_LEVELS)[number];
export const DataLevelSchema = z.enum(DATA_LEVELS).describe('raw, provisional or released');

/** The flag a broken rule sets. */
export const RULE_FLAGS = ['suspect', 'bad'] as const;

const RuleBase = {
  name: z.string().trim().min(1).max(80).describe('Shown with each value it flags'),
  flag: z.enum(RULE_FLAGS).default('suspect'),
};
const finite = z.number().finite();
const positive = finite.positive();

/**
 * A plausibility rule on a numeric metric, checked on every write and on demand, one
 * object's values in time order at a time:
 * - range: a value below `min` or above `max`;
 * - step: a value that differs from the one before by more than `max`;
 * - flat: `count` or more equal values in a row (a stuck sensor);
 * - spike: a value that stands out of its neighbours by more than `threshold`
 *   (|v − (prev + next)/2| − |next − prev|/2, the IOC/Argo spike test).
 */
export const PlausibilityRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('range'), ...RuleBase, min: finite.nullable().default(null), max: finite.nullable().default(null) }),
  z.object({ kind: z.literal('step'), ...RuleBase, max: positive.describe('The largest change from one value to the next') }),
  z.object({ kind: z.literal('flat'), ...RuleBase, count: z.number().int().min(2).max(10_000).describe('How many equal values in a row are flagged') }),
  z.object({ kind: z.literal('spike'), ...RuleBase, threshold: positive }),
]);
export type PlausibilityRule = z.infer<typeof PlausibilityRuleSchema>;

/** A metric's rules: names unique, a range bounded on at least one side. */
export const PlausibilityRulesSchema = z
  .array(PlausibilityRuleSchema)
  .max(20)
  .default([])
  .superRefine((rules, ctx) => {
    const names = new Set<string>();
    rules.forEach((rule, i) => {
      if (names.has(rule.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `Two rules are called ${rule.name}` });
      names.add(rule.name);
      if (rule.kind !== 'range') return;
      if (rule.min === null && rule.max === null) ctx.addIssue({ code: 'custom', path: [i, 'min'], message: 'A range rule needs a minimum or a maximum' });
      if (rule.min !== null && rule.max !== null && rule.min > rule.max)
        ctx.addIssue({ code: 'custom', path: [i, 'min'], message: `The minimum (${rule.min}) is above the maximum (${rule.max})` });
    });
  });
