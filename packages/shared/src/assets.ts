import { z } from 'zod';

/** An uploaded image as responses carry it: URLs the web can put in <img src> as they are. */
export const ImageRefSchema = z.object({
  id: z.uuid().describe('The asset id'),
  url: z.string().describe('WebP, longest side at most 400 px, metadata stripped'),
  thumbUrl: z.string().describe('WebP, longest side at most 96 px, metadata stripped'),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;
