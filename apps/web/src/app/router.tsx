import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths, patterns } from '../config/paths';
import { NotFoundScreen } from './errors/ErrorScreen';
import { RouteError } from './errors/RouteError';
import { DefaultLayout, LoginLayout, PlainLayout } from './layouts';
import { registerRoutes } from './prefetch';
import { RequireSignIn } from './RequireSignIn';
import { Root } from './Root';

/** A lazily loaded screen: the module's default export is the page. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** Every route of the web app. Screens of later features join here as they land. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        element: <DefaultLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(() => import('../features/home/HomePage')) },
          { path: paths.privacy, lazy: page(() => import('../features/privacy/PrivacyPage')) },
          { path: patterns.invitation, lazy: page(() => import('../features/auth/InvitationPage')) },
          {
            element: <RequireSignIn />,
            children: [{ path: paths.me, lazy: page(() => import('../features/account/AccountPage')) }],
          },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
      {
        element: <LoginLayout />,
        errorElement: <RouteError />,
        children: [
          { path: paths.forgot, lazy: page(() => import('../features/auth/ForgotPage')) },
          { path: patterns.forgotCode, lazy: page(() => import('../features/auth/ResetPage')) },
        ],
      },
      {
        element: <PlainLayout />,
        errorElement: <RouteError />,
        children: [{ path: paths.login, lazy: page(() => import('../features/auth/LoginPage')) }],
      },
      // Rendered by Root's kept-alive map layout.
      { path: patterns.map, element: null },
    ],
  },
];

registerRoutes(routes);

export const createRouter = () => createBrowserRouter(routes);
