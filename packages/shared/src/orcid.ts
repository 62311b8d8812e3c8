/** ORCID iD: four groups of four, the last character a check digit (ISO 7064 MOD 11-2). */
export const ORCID_PATTERN = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

export function orcidCheckDigit(baseDigits: string): string {
  let total = 0;
  for (const digit of baseDigits) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? 'X' : String(result);
}

export function isValidOrcid(orcid: string): boolean {
  if (!ORCID_PATTERN.test(orcid)) return false;
  const digits = orcid.replaceAll('-', '');
  return orcidCheckDigit(digits.slice(0, 15)) === digits[15];
}

/** Accepts "https://orcid.org/0000-…" or the bare iD; answers the bare iD. */
export function normaliseOrcid(input: string): string {
  return input
    .trim()
    .replace(/^https?:\/\/(www\.)?orcid\.org\//i, '')
    .toUpperCase();
}
