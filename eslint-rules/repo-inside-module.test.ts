import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from './repo-inside-module.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const server = '/repo/apps/server/src';

tester.run('repo-inside-module', rule, {
  valid: [
    { filename: `${server}/modules/projects/service.ts`, code: "import * as repo from './repo.js';" },
    { filename: `${server}/modules/projects/files.ts`, code: "import { filesOf } from './files.repo.js';" },
    { filename: `${server}/modules/objects/notes/service.ts`, code: "import * as repo from '../repo.js';" },
    { filename: `${server}/modules/objects/service.ts`, code: "import { createNotes } from './notes/service.js';" },
    { filename: `${server}/app.ts`, code: "import { storedTokenSecret } from './modules/system/service.js';" },
  ],
  invalid: [
    { filename: `${server}/modules/objects/service.ts`, code: "import { insertRevision } from '../projects/repo.js';", errors: [{ messageId: 'outside' }] },
    { filename: `${server}/db/seed/projects.ts`, code: "import * as repo from '../../modules/projects/repo.js';", errors: [{ messageId: 'outside' }] },
    { filename: `${server}/modules/people/service.ts`, code: "export { filesOf } from '../projects/files.repo.js';", errors: [{ messageId: 'outside' }] },
    { filename: `${server}/app.ts`, code: "const repo = await import('./modules/system/repo.js');", errors: [{ messageId: 'outside' }] },
  ],
});
