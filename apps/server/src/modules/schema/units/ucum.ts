import ucum from '@lhncbc/ucum-lhc';
import type { Unit } from '@observatory/shared';

/**
 * UCUM (https://ucum.org), through the reference implementation of the U.S. National
 * Library of Medicine: it knows every unit code, its name and what it measures, and
 * converts between commensurable units.
 */
const utils = ucum.UcumLhcUtils.getInstance();

export type UnitCheck = { valid: true; name: string } | { valid: false; problem: string };

/** Whether UCUM knows the code; if not, what it says, with its suggestions ("Did you mean kg?"). */
export function checkUnit(code: string): UnitCheck {
  const answer = utils.validateUnitString(code, true);
  if (answer.status === 'valid') return { valid: true, name: String(answer.unit?.name ?? '') || code };
  return { valid: false, problem: answer.msg.join(' ').replace(/\s+/g, ' ').trim() || `${code} is not a UCUM code` };
}

/** `value` in `from` expressed in `to`; null when the two are not commensurable. */
export function convertUnit(value: number, from: string, to: string): number | null {
  const answer = utils.convertUnitTo(from, value, to);
  // Twelve significant digits: UCUM's factors leave binary noise (67.99999999999994 °F).
  return answer.status === 'succeeded' && answer.toVal !== null ? Number(answer.toVal.toPrecision(12)) : null;
}

const SUPERSCRIPT: Record<string, string> = { '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹' };

const SUBSCRIPT: Record<string, string> = { '0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉' };
const digits = (text: string, table: Record<string, string>) => [...text].map((d) => table[d] ?? d).join('');

/** UCUM marks up its symbols (m<sup>3</sup>, cm H<sub>2</sub>O, <r>…</r>): printed as plain text with super- and subscript digits. */
const printable = (symbol: string) =>
  symbol
    .replace(/<\/?[ir]>/g, '')
    .replace(/<sup>([-\d]+)<\/sup>/g, (_, d: string) => digits(d, SUPERSCRIPT))
    .replace(/<sub>(\d+)<\/sub>/g, (_, d: string) => digits(d, SUBSCRIPT))
    .replace(/<\/?[a-z]+>/g, '');

/**
 * UCUM's own table of units (several hundred), as the reference list starts. Read when
 * this module loads: the table also caches every unit checked later, which are not part
 * of the reference list. Two of its codes carry a trailing space ("g/kg "): codes are
 * trimmed, and each kept once.
 */
const REFERENCE: Omit<Unit, 'builtin' | 'version'>[] = [
  ...new Map(
    Object.values(ucum.UnitTables.getInstance().unitCodes_).map((u) => {
      const code = u.csCode_.trim();
      return [code, { code, name: u.name_?.trim() || code, printSymbol: printable((u.printSymbol_ ?? '').trim()), property: u.property_ ?? '' }] as const;
    }),
  ).values(),
];

export const referenceUnits = () => REFERENCE;
