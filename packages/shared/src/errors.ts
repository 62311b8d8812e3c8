import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';
import { CurrentVersionSchema } from './versions.js';

export const ErrorDetailSchema = z.object({
  field: z.string().describe('Dotted path of the offending field, e.g. "body.password"'),
  message: z.string(),
  href: z.string().optional().describe('Where the thing in the way is, when there is one (the publication that has this DOI)'),
});
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

/** The body of every error response. */
export const ErrorBodySchema = z.object({
  error: z.string().describe('Human-readable text'),
  code: z.enum(ERROR_CODES),
  details: z.array(ErrorDetailSchema).optional(),
  current: CurrentVersionSchema.optional().describe('With 412: the resource’s version now, and who changed it when'),
  requestId: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
