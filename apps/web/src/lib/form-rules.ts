import { DOCUMENT_NODES, PASSWORD_MIN_LENGTH } from '@observatory/shared';
import type { ReactNode } from 'react';
import type { ZodType } from 'zod';
import { check } from './validate';

/** A new password and its repetition, as every password form checks them. */
export const passwordRules = {
  password: (v: string) => (v.length >= PASSWORD_MIN_LENGTH ? null : `Use at least ${PASSWORD_MIN_LENGTH} characters`),
  confirm: (v: string, values: { password: string }) => (v === values.password ? null : 'The passwords differ'),
};

/** The server's username rule (shared UsernameSchema), checked before sending. */
export const usernameRule = (v: string) =>
  /^[a-z0-9][a-z0-9._-]{1,63}$/.test(v) ? null : 'Use 2 to 64 lower-case letters, digits, dots, dashes or underscores';

export const emailRule = (v: string) => (!v.trim() || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : 'Enter a valid e-mail address');

/**
 * A form rule from the shared schema the server checks with (an address, a node's path
 * segment): its first message, or `empty` (null: optional) for an empty value.
 */
export const schemaRule =
  (schema: ZodType, empty: string | null = null) =>
  (v: string) => {
    if (!v) return empty;
    const parsed = check(schema, v);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not valid');
  };

const number = (n: number) => n.toLocaleString('en');

/**
 * Text past the server's length limit, said out loud: "42,000 characters: at most 20,000",
 * or null. No field cuts what is typed or pasted (no maxLength): it keeps all of it, says
 * this as its error, and the form does not send it (lengthRule, LimitedTextInput).
 */
export function lengthProblem(text: string | null | undefined, max: number | undefined): string | null {
  const length = text?.length ?? 0;
  return max !== undefined && length > max ? `${number(length)} characters: at most ${number(max)}` : null;
}

/** "19,500 / 20,000 characters" once the text nears its limit (90% of it), else null. */
export function lengthCounter(text: string | null | undefined, max: number | undefined): string | null {
  const length = text?.length ?? 0;
  return max !== undefined && length >= max * 0.9 ? `${number(length)} / ${number(max)} characters` : null;
}

/**
 * A form rule refusing text past `max` (the limit of the shared schema the server checks
 * with), then the field's own `rule`, if any: `validate: { title: lengthRule(TITLE_MAX, required) }`.
 */
export const lengthRule =
  (max: number | undefined, rule?: (value: string) => ReactNode) =>
  (value: string | null | undefined): ReactNode =>
    lengthProblem(value, max) ?? rule?.(value ?? '') ?? null;

const ALT_MAX = DOCUMENT_NODES.image.attrs.alt.max;

/**
 * What in a rich-text document is past its limit though typed in the editor: an image's
 * description (alt text), said with the image's place ("image 2"), or null. Its field in
 * the editor says so while it is selected; the form refuses the document with this.
 */
export function documentProblem(doc: unknown): string | null {
  let images = 0;
  const found: string[] = [];
  const stack: unknown[] = [doc];
  while (stack.length) {
    const node = stack.pop() as { type?: unknown; attrs?: { alt?: unknown }; content?: unknown } | null;
    if (!node || typeof node !== 'object') continue;
    if (node.type === 'image') {
      images++;
      const alt = node.attrs?.alt;
      if (typeof alt === 'string' && lengthProblem(alt, ALT_MAX)) found.push(`image ${images} is ${number(alt.length)} characters`);
    }
    // In document order: the first child comes off the stack first.
    if (Array.isArray(node.content)) stack.push(...[...(node.content as unknown[])].reverse());
  }
  return found.length ? `The description of ${found.join(', of ')}: at most ${number(ALT_MAX)}. Select the image to shorten it.` : null;
}
