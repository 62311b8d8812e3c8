import { z } from 'zod';

/** An uploaded image as responses carry it: URLs the web can put in <img src> as they are. */
export const ImageRefSchema = z.object({
  id: z.uuid().describe('The asset id'),
  url: z.string().describe('WebP, longest side at most 400 px, metadata stripped'),
  thumbUrl: z.string().describe('WebP, longest side at most 96 px, metadata stripped'),
  largeUrl: z.string().optional().describe('WebP, longest side at most 1600 px, metadata stripped: for a full view such as a lightbox'),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;
