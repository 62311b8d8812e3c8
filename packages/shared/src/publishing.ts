import { z } from 'zod';

/** Licences a catalogue's data is commonly published under, offered in Site Admin; any other can be named with its address. */
export const DATA_LICENCES = [
  { name: 'Creative Commons Attribution-ShareAlike 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
  { name: 'Creative Commons Attribution 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  { name: 'CC0 1.0 Public Domain Dedication', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
  { name: 'Open Data Commons Open Database License 1.0', url: 'https://opendatacommons.org/licenses/odbl/1-0/' },
] as const;

export const LicenceSchema = z.object({
  name: z.string().trim().min(1, 'Name the licence').max(200),
  url: z.url({ protocol: /^https?$/, error: 'Give the licence’s http or https address' }).max(2000),
});
export type Licence = z.infer<typeof LicenceSchema>;

/**
 * PUT admin/publishing: under what licence the data is offered (the footer and every
 * page's JSON-LD), whether search engines are invited to index the site, and lines added
 * to robots.txt.
 */
export const PublishingSettingSchema = z.object({
  licence: LicenceSchema,
  indexing: z.boolean().describe('false: robots.txt asks every crawler to stay away, and the sitemap is not named'),
  robotsExtra: z
    .string()
    .max(5000)
    .refine((v) => [...v].every((c) => c >= ' ' || c === '\n' || c === '\r' || c === '\t'), 'Only lines of text: no control characters')
    .describe('Lines added to robots.txt as written (User-agent groups of your own, a Crawl-delay…)'),
});
export type PublishingSetting = z.infer<typeof PublishingSettingSchema>;

/** What a new catalogue publishes under until Site Admin chooses. */
export const DEFAULT_PUBLISHING: PublishingSetting = { licence: DATA_LICENCES[0], indexing: true, robotsExtra: '' };
