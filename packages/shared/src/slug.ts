import { z } from 'zod';

/** The readable part of an address (/people/ada-lindqvist): lower-case words joined by dashes. */
export const SlugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes');
