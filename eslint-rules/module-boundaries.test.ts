import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import rule from './module-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// A small server on disk: the rule resolves imports and reads the modules' graph from files.
const server = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'module-boundaries-')), 'apps', 'server', 'src');
afterAll(() => fs.rmSync(path.dirname(path.dirname(path.dirname(server))), { recursive: true, force: true }));
const write = (name: string, text = 'export {};\n') => {
  fs.mkdirSync(path.dirname(path.join(server, name)), { recursive: true });
  fs.writeFileSync(path.join(server, name), text);
};
write('app.ts');
write('modules/projects/index.ts', "export { createProjectsService } from './service.js';\n");
write('modules/projects/service.ts', "import type { RolesService } from '../roles/index.js';\nimport * as repo from './repo.js';\n");
write('modules/projects/repo.ts');
write('modules/projects/files/service.ts', "import * as repo from '../repo.js';\n");
// roles -> people is a type-only import: still an edge of the modules' graph.
write('modules/roles/index.ts', "export type { RolesService } from './service.js';\n");
write('modules/roles/service.ts', "import type { PeopleService } from '../people/index.js';\n");
write('modules/people/index.ts', "export type { PeopleService } from './service.js';\n");
write('modules/people/service.ts');
write('modules/people/repo.ts');
// A test may import a module that imports its own: tests are not part of the graph.
write('modules/roles/routes.api.test.ts', "import { createProjectsService } from '../projects/index.js';\n");

const file = (name: string) => path.join(server, name);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

tester.run('module-boundaries', rule, {
  valid: [
    { filename: file('modules/projects/service.ts'), code: "import * as repo from './repo.js';" },
    { filename: file('modules/projects/files/service.ts'), code: "import * as repo from '../repo.js';" },
    { filename: file('modules/projects/service.ts'), code: "import type { RolesService } from '../roles/index.js';" },
    { filename: file('app.ts'), code: "import { createProjectsService } from './modules/projects/index.js';" },
    { filename: file('modules/projects/index.ts'), code: "export { createProjectsService } from './service.js';" },
    { filename: file('modules/roles/routes.api.test.ts'), code: "import { createProjectsService } from '../projects/index.js';" },
  ],
  invalid: [
    { filename: file('modules/people/service.ts'), code: "import * as repo from '../projects/repo.js';", errors: [{ messageId: 'facade' }] },
    { filename: file('modules/people/service.ts'), code: "import { createProjectsService } from '../projects/service.js';", errors: [{ messageId: 'facade' }] },
    { filename: file('app.ts'), code: "const repo = await import('./modules/people/repo.js');", errors: [{ messageId: 'facade' }] },
    { filename: file('modules/roles/service.ts'), code: "export { filesOf } from '../projects/files/service.js';", errors: [{ messageId: 'facade' }] },
    { filename: file('modules/people/index.ts'), code: "export { findPerson } from './repo.js';", errors: [{ messageId: 'repo' }] },
    {
      filename: file('modules/people/service.ts'),
      code: "import type { ProjectsService } from '../projects/index.js';",
      errors: [{ messageId: 'circle', data: { chain: 'people -> projects -> roles -> people' } }],
    },
  ],
});
