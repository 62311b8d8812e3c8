import { applyHumanMessages } from '@observatory/shared';
import type { ZodType } from 'zod';

let humane = false;

/**
 * `schema.safeParse(value)` with the messages people read (shared messages.ts). They are
 * set on the first check, not at start: zod's configuration then loads with the first form
 * that checks, and a first visit loads none of it.
 */
export function check<T extends ZodType>(schema: T, value: unknown) {
  if (!humane) {
    applyHumanMessages();
    humane = true;
  }
  return schema.safeParse(value);
}
