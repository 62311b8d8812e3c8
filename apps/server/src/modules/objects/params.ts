import { z } from 'zod';

/** The path parameters every object route starts with. */
export const ObjectParams = z.object({ key: z.string().min(1).max(100).describe('Object name or id') });

/** ?p=: a page of notes or photos. */
export const PageQuery = z.object({ p: z.coerce.number().int().min(1).max(1_000_000).default(1) });
