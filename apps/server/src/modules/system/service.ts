import type { Database } from '../../db/client.js';
import { newSecret } from '../../lib/secrets.js';
import * as repo from './repo.js';

/** The secret access tokens are signed with when none is configured: made on the first start, then kept. */
export const storedTokenSecret = (database: Database): Promise<string> => database.use((d) => repo.putSettingOnce(d, 'jwt_secret', newSecret(48)));
