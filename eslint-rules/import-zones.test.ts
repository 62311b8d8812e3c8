import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from './import-zones.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const web = '/repo/apps/web/src';
const options = [
  {
    root: web,
    zones: [
      { target: ['features/*'], from: ['features/*'], otherThanSelf: true, message: 'a feature imports no other feature' },
      { target: ['features'], from: ['app'], message: 'a feature imports nothing from app/' },
      { target: ['components', 'lib'], from: ['features', 'app'], message: 'shared code imports no feature and not app/' },
    ],
  },
];

tester.run('import-zones', rule, {
  valid: [
    { filename: `${web}/features/objects/ObjectsPage.tsx`, code: "import { objectQuery } from './api';", options },
    { filename: `${web}/features/objects/edit/ObjectForm.tsx`, code: "import { objectQuery } from '../api';", options },
    { filename: `${web}/features/objects/ObjectsPage.tsx`, code: "import { Paging } from '../../components/Paging';", options },
    { filename: `${web}/app/routes/ProjectData.tsx`, code: "import { objectQuery } from '../../features/objects/api';", options },
    { filename: `${web}/components/pickers/PersonPicker.tsx`, code: "import { api } from '../../lib/api-client';", options },
    { filename: `${web}/features/objects/api.ts`, code: "import { API_ROOT } from '@observatory/shared';", options },
    { filename: `${web}/app/routes/home/HomeRoute.tsx`, code: "import { RecentInsights } from '../../../features/insights/RecentInsights';", options },
    { filename: `${web}/app/router.tsx`, code: "const page = lazy(() => import('./routes/admin/AdminLayout'));", options },
    { filename: '/repo/apps/server/src/app.ts', code: "import { x } from '../../web/src/features/objects/api';", options },
  ],
  invalid: [
    { filename: `${web}/features/projects/ProjectData.tsx`, code: "import { objectQuery } from '../objects/api';", options, errors: [{ messageId: 'zone' }] },
    { filename: `${web}/features/admin/users/RolesTab.tsx`, code: "import { useAllTeams } from '../../teams/api';", options, errors: [{ messageId: 'zone' }] },
    { filename: `${web}/features/map/MapScreen.tsx`, code: "const page = await import('../objects/ObjectsPage');", options, errors: [{ messageId: 'zone' }] },
    { filename: `${web}/components/PageState.tsx`, code: "import { ErrorScreen } from '../app/errors/ErrorScreen';", options, errors: [{ messageId: 'zone' }] },
    { filename: `${web}/lib/errors.ts`, code: "export { objectQuery } from '../features/objects/api';", options, errors: [{ messageId: 'zone' }] },
    {
      filename: `${web}/features/insights/InsightsPage.tsx`,
      code: "import { HomeRoute } from '../../app/routes/home/HomeRoute';",
      options,
      errors: [{ messageId: 'zone' }],
    },
    { filename: `${web}/features/objects/edit/ObjectForm.tsx`, code: "import { theme } from '../../../app/theme';", options, errors: [{ messageId: 'zone' }] },
    {
      filename: `${web}/features/map/MapScreen.tsx`,
      code: "const admin = await import('../../app/routes/admin/AdminLayout');",
      options,
      errors: [{ messageId: 'zone' }],
    },
  ],
});
