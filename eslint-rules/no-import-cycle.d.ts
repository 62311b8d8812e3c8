import type { Rule } from 'eslint';

declare const rule: Rule.RuleModule;
export default rule;
/** A chain of imports from the file back to itself, or null. */
export function cycleThrough(start: string): string[] | null;
