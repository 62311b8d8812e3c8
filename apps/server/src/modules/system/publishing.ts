import { DEFAULT_PUBLISHING, PublishingSettingSchema, type PublishingSetting } from '@observatory/shared';
import type { FastifyBaseLogger } from 'fastify';
import { authorize, type Actor } from '../../authz/authorize.js';
import type { Database } from '../../db/client.js';
import { storedSetting } from './stored-setting.js';

/**
 * Paths no crawler has business in: the API, personal screens, forms and one-time links.
 * Not /assets: the web app's scripts and styles are there, which a crawler that renders needs
 * (the uploads screen of that name says noindex itself).
 */
const PRIVATE_PATHS = ['/api/', '/me', '/admin', '/edit/', '/login', '/forgot', '/invitation', '/email/', '/unsubscribe'];

/**
 * How the catalogue publishes: the data licence (footer and JSON-LD) and what robots.txt
 * says, chosen under Site Admin (a stored setting: it changes without a restart).
 */
export function createPublishingService(deps: { db: Database; publicUrl: string; cacheMs: number; log: FastifyBaseLogger }) {
  const setting = storedSetting<PublishingSetting>({
    db: deps.db,
    key: 'site.publishing',
    fallback: DEFAULT_PUBLISHING,
    // A stored value an older release wrote is read field by field: what it lacks keeps its default.
    parse: (stored) => PublishingSettingSchema.parse({ ...DEFAULT_PUBLISHING, ...(stored as object) }),
    cacheMs: deps.cacheMs,
    log: deps.log,
  });

  return {
    refresh: setting.refresh,
    /** The setting now (at most cacheMs old). */
    current: setting.current,

    /** robots.txt: the private paths kept out and the sitemap named, or, with indexing off, everything kept out; then Site Admin's own lines. */
    robots(): string {
      const { indexing, robotsExtra } = setting.current();
      const rules = indexing
        ? ['User-agent: *', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${deps.publicUrl}/sitemap.xml`]
        : ['User-agent: *', 'Disallow: /'];
      const extra = robotsExtra.trim();
      return `${[...rules, ...(extra ? ['', extra] : [])].join('\n')}\n`;
    },

    /** GET admin/publishing (manageSettings). */
    async state(actor: Actor | null): Promise<PublishingSetting> {
      authorize(actor, 'manageSettings');
      return setting.read();
    },

    /** PUT admin/publishing (manageSettings): stored and audited. */
    async put(actor: Actor | null, input: PublishingSetting): Promise<PublishingSetting> {
      authorize(actor, 'manageSettings');
      return setting.write(actor, 'setting.publishing', input);
    },
  };
}
