import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { paths, patterns } from '../config/paths';
import { NotFoundScreen } from '../components/ErrorScreen';
import { RouteErrorBoundary } from './errors/RouteError';
import { DefaultLayout, LoginLayout, PlainLayout } from './layouts';
import { loadingScreen } from '../lib/navigation';
import { registerRoutes, type RouteHandle } from '../lib/prefetch';
import { RequirePermission } from './RequirePermission';
import { RequireSignIn } from './RequireSignIn';
import { Root } from './Root';

/**
 * Never settles. A screen's code that failed to load comes as undefined when main.tsx has
 * the page reload for it (Vite's preload error, prevented): the reload replaces the page.
 */
const reloading = new Promise<never>(() => {});

/**
 * A lazily loaded screen (the module's default export is the page): its code loads when the
 * route is first shown (the progress bar counts it) or when a link to it is pointed at.
 */
function page(load: () => Promise<{ default: ComponentType }>, parts?: RouteHandle['parts']): Pick<RouteObject, 'element' | 'handle'> {
  const Page = lazy(() => loadingScreen(load()).then((module: { default: ComponentType } | undefined) => module ?? reloading));
  return { element: <Page />, handle: { load, ...(parts ? { parts } : {}) } satisfies RouteHandle };
}

/** What the object editor loads later (its map, its documentation's editor): kept with a site for use offline. */
const objectEditorParts = () => import('../features/objects/edit/ObjectEditPage').then((m) => m.loadEditorParts());

/** Every route of the web app. Screens of later features join here as they land. */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <Root />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: (
          <RouteErrorBoundary>
            <DefaultLayout />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, ...page(() => import('./routes/home/HomeRoute')) },
          { path: paths.privacy, ...page(() => import('../features/privacy/PrivacyPage')) },
          // More specific than the documentation pages' /doc/*: react-router ranks them first.
          { path: paths.apiDocs, ...page(() => import('../features/api-docs/ApiDocsPage')) },
          { path: paths.apiDocsObjects, ...page(() => import('../features/api-docs/ObjectsGuidePage')) },
          { path: patterns.docPage, ...page(() => import('../features/pages/DocPage')) },
          { path: paths.projects, ...page(() => import('../features/projects/ProjectsPage')) },
          {
            path: patterns.project,
            ...page(() => import('../features/projects/ProjectLayout')),
            children: [
              { index: true, ...page(() => import('../features/projects/ProjectOverview')) },
              { path: 'data', ...page(() => import('./routes/projects/ProjectData')) },
              { path: 'files/:file?/*', ...page(() => import('../features/projects/ProjectFilesTab')) },
              { path: 'updates', ...page(() => import('../features/projects/UpdatesPage')) },
              { path: 'updates/:update', ...page(() => import('../features/projects/UpdatePage')) },
            ],
          },
          { path: paths.data, ...page(() => import('../features/objects/ObjectsPage')) },
          {
            path: patterns.object,
            ...page(() => import('../features/objects/ObjectLayout')),
            children: [
              { index: true, ...page(() => import('../features/objects/ObjectOverview')) },
              // The spec's address of the first tab; the tab's own links use the object's address.
              { path: 'overview', ...page(() => import('../features/objects/ObjectOverview')) },
              { path: 'notebook', ...page(() => import('../features/objects/ObjectNotebook')) },
              { path: 'photos', ...page(() => import('../features/objects/ObjectPhotos')) },
              { path: 'readings', ...page(() => import('../features/objects/ObjectReadings')) },
            ],
          },
          { path: paths.people, ...page(() => import('../features/people/PeoplePage')) },
          { path: patterns.person, ...page(() => import('../features/people/PersonPage')) },
          { path: paths.partners, ...page(() => import('../features/partners/PartnersPage')) },
          { path: patterns.partner, ...page(() => import('../features/partners/PartnerPage')) },
          { path: patterns.team, ...page(() => import('../features/teams/TeamPage')) },
          { path: paths.pubs, ...page(() => import('../features/publications/PublicationsPage')) },
          { path: patterns.pub, ...page(() => import('../features/publications/PublicationPage')) },
          { path: paths.insights, ...page(() => import('../features/insights/InsightsPage')) },
          { path: patterns.insight, ...page(() => import('../features/insights/InsightPage')) },
          { path: patterns.photos, ...page(() => import('../features/photos/PhotosPage')) },
          { path: paths.sandbox, ...page(() => import('../features/sandbox/SandboxPage')) },
          // Works signed out: the link comes in an e-mail.
          { path: patterns.unsubscribe, ...page(() => import('../features/account/UnsubscribePage')) },
          { path: paths.nodes, ...page(() => import('./routes/nodes/NodeRoute')) },
          { path: patterns.node, ...page(() => import('./routes/nodes/NodeRoute')) },
          { path: patterns.invitation, ...page(() => import('../features/auth/InvitationPage')) },
          // Public: the server answers 404 unless the reader may see a usage, uploaded it, or manages assets.
          { path: patterns.asset, ...page(() => import('../features/assets/AssetPage')) },
          { path: paths.assets, element: <RequireSignIn />, children: [{ index: true, ...page(() => import('../features/assets/MyUploadsPage')) }] },
          {
            element: <RequireSignIn />,
            children: [
              {
                path: paths.me,
                ...page(() => import('./routes/me/MeLayout')),
                children: [
                  { index: true, ...page(() => import('./routes/me/MeIndexPage')) },
                  { path: 'photos', ...page(() => import('./routes/me/MyPhotosPage')) },
                  { path: 'projects', ...page(() => import('../features/projects/MyProjectsPage')) },
                  { path: 'teams', ...page(() => import('../features/teams/MyTeamsPage')) },
                  { path: 'kept', ...page(() => import('./routes/me/KeptPage')) },
                  { path: 'outbox', ...page(() => import('./routes/me/OutboxPage')) },
                ],
              },
              { path: paths.projectCreate, ...page(() => import('../features/projects/ProjectEditPage')) },
              { path: '/edit/projects', ...page(() => import('../features/projects/ProjectEditPage')) },
              { path: patterns.projectEditAlias, ...page(() => import('../features/projects/ProjectEditPage')) },
              { path: patterns.projectEdit, ...page(() => import('../features/projects/ProjectEditPage')) },
              { path: patterns.projectUpdateNew, ...page(() => import('../features/projects/UpdateEditPage')) },
              { path: patterns.projectUpdateEdit, ...page(() => import('../features/projects/UpdateEditPage')) },
              { path: paths.objectNew, ...page(() => import('../features/objects/edit/ObjectEditPage'), objectEditorParts) },
              { path: patterns.objectEdit, ...page(() => import('../features/objects/edit/ObjectEditPage'), objectEditorParts) },
              { path: patterns.personEdit, ...page(() => import('../features/people/PersonEditPage')) },
              { path: patterns.partnerEdit, ...page(() => import('../features/partners/PartnerEditPage')) },
              { path: patterns.insightEdit, ...page(() => import('../features/insights/InsightEditPage')) },
              // Any signed-in user adds publications; who may change one, the server says (its permissions).
              { path: paths.pubNew, ...page(() => import('../features/publications/PublicationEditPage')) },
              { path: patterns.pubEdit, ...page(() => import('../features/publications/PublicationEditPage')) },
            ],
          },
          {
            element: <RequirePermission permission="createInsights" />,
            children: [{ path: paths.insightNew, ...page(() => import('../features/insights/InsightEditPage')) }],
          },
          {
            element: <RequirePermission permission="managePeople" />,
            children: [{ path: paths.personNew, ...page(() => import('../features/people/PersonNewPage')) }],
          },
          {
            // Site Admin → Data → Import. Outside the accessAdmin gate: a project's editor may
            // import observations into its data tables (the server decides), so the start and
            // the observation screens need only a sign-in; objects and relations need importData.
            element: <RequireSignIn />,
            children: [
              {
                path: paths.adminImport,
                ...page(() => import('./routes/admin/imports/ImportLayout')),
                children: [
                  { index: true, ...page(() => import('./routes/admin/imports/ImportStartPage')) },
                  { path: 'observations', ...page(() => import('./routes/admin/imports/ObservationImportPage')) },
                  {
                    path: 'observations/result',
                    ...page(async () => ({ default: (await import('./routes/admin/imports/ImportResultPage')).ObservationsResultPage })),
                  },
                  {
                    element: <RequirePermission permission="importData" />,
                    children: [
                      { path: 'objects', ...page(() => import('./routes/admin/imports/ObjectImportPage')) },
                      {
                        path: 'objects/result',
                        ...page(async () => ({ default: (await import('./routes/admin/imports/ImportResultPage')).ObjectsResultPage })),
                      },
                      { path: 'object_rels', ...page(() => import('./routes/admin/imports/RelationImportPage')) },
                      {
                        path: 'object_rels/result',
                        ...page(async () => ({ default: (await import('./routes/admin/imports/ImportResultPage')).RelationsResultPage })),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            element: <RequirePermission permission="accessAdmin" />,
            children: [
              {
                path: paths.admin,
                ...page(() => import('./routes/admin/AdminLayout')),
                children: [
                  { index: true, ...page(() => import('./routes/admin/AdminIndexPage')) },
                  { path: paths.adminInstitutions, ...page(() => import('./routes/admin/institutions/InstitutionsAdminPage')) },
                  {
                    element: <RequirePermission permission="manageUsers" />,
                    children: [
                      { path: paths.adminUsers, ...page(() => import('./routes/admin/users/UsersAdminPage')) },
                      { path: patterns.adminUser, ...page(() => import('./routes/admin/users/UserAdminPage')) },
                    ],
                  },
                  {
                    element: <RequirePermission permission="manageProjects" />,
                    children: [
                      { path: paths.adminProjects, ...page(() => import('./routes/admin/projects/ProjectsAdminPage')) },
                      { path: paths.adminProjectNew, ...page(() => import('../features/projects/ProjectEditPage')) },
                      { path: patterns.adminProject, ...page(() => import('./routes/admin/projects/ProjectAdminPage')) },
                      // Every object, whatever its projects: what manageProjects lets its holder edit.
                      { path: paths.adminObjects, ...page(() => import('./routes/admin/schema/objects/ObjectsAdminPage')) },
                      { path: patterns.adminObject, ...page(() => import('./routes/admin/schema/objects/ObjectAdminPage')) },
                    ],
                  },
                  { path: paths.adminRoles, ...page(() => import('./routes/admin/roles/RolesAdminPage')) },
                  { path: patterns.adminRole, ...page(() => import('./routes/admin/roles/RoleAdminPage')) },
                  {
                    element: <RequirePermission permission="manageTeams" />,
                    children: [
                      { path: paths.adminTeams, ...page(() => import('./routes/admin/teams/TeamsAdminPage')) },
                      { path: patterns.adminTeam, ...page(() => import('./routes/admin/teams/TeamAdminPage')) },
                    ],
                  },
                  {
                    element: <RequirePermission permission="manageShortlinks" />,
                    children: [{ path: paths.adminShortlinks, ...page(() => import('./routes/admin/shortlinks/ShortlinksAdminPage')) }],
                  },
                  {
                    element: <RequirePermission permission="manageSettings" />,
                    children: [
                      { path: paths.adminBasemap, ...page(() => import('./routes/admin/basemap/BasemapAdminPage')) },
                      { path: paths.adminPublishing, ...page(() => import('./routes/admin/publishing/PublishingAdminPage')) },
                      { path: paths.adminWebhooks, ...page(() => import('./routes/admin/webhooks/WebhooksAdminPage')) },
                    ],
                  },
                  {
                    element: <RequirePermission permission="manageAssets" />,
                    children: [
                      { path: paths.adminAssets, ...page(() => import('./routes/admin/assets/AssetsAdminPage')) },
                      { path: patterns.adminAsset, ...page(() => import('./routes/admin/assets/AssetAdminPage')) },
                    ],
                  },
                  {
                    element: <RequirePermission permission="managePages" />,
                    children: [
                      { path: paths.adminPages, ...page(() => import('./routes/admin/pages/PagesAdminPage')) },
                      { path: patterns.adminPage, ...page(() => import('./routes/admin/pages/PageAdminPage')) },
                    ],
                  },
                  {
                    // The data schema is read by everyone (the API's GETs); its screens are for those who change it.
                    element: <RequirePermission permission="manageSchema" />,
                    children: [
                      { path: paths.adminUnits, ...page(() => import('./routes/admin/schema/units/UnitsAdminPage')) },
                      { path: patterns.adminUnit, ...page(() => import('./routes/admin/schema/units/UnitAdminPage')) },
                      { path: paths.adminMetrics, ...page(() => import('./routes/admin/schema/metrics/MetricsAdminPage')) },
                      { path: patterns.adminMetric, ...page(() => import('./routes/admin/schema/metrics/MetricAdminPage')) },
                      { path: paths.adminObjectTypes, ...page(() => import('./routes/admin/schema/objtypes/ObjectTypesAdminPage')) },
                      { path: patterns.adminObjectType, ...page(() => import('./routes/admin/schema/objtypes/ObjectTypeAdminPage')) },
                      { path: paths.adminSchemas, ...page(() => import('./routes/admin/schema/schemas/SchemasAdminPage')) },
                      { path: patterns.adminSchema, ...page(() => import('./routes/admin/schema/schemas/SchemaAdminPage')) },
                      { path: paths.adminNodeTypes, ...page(() => import('./routes/admin/schema/nodetypes/NodeTypesAdminPage')) },
                      { path: patterns.adminNodeType, ...page(() => import('./routes/admin/schema/nodetypes/NodeTypeAdminPage')) },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
      {
        element: (
          <RouteErrorBoundary>
            <LoginLayout />
          </RouteErrorBoundary>
        ),
        children: [
          { path: paths.forgot, ...page(() => import('../features/auth/ForgotPage')) },
          { path: patterns.forgotCode, ...page(() => import('../features/auth/ResetPage')) },
          { path: patterns.emailChange, ...page(() => import('../features/account/EmailChangePage')) },
        ],
      },
      {
        element: (
          <RouteErrorBoundary>
            <PlainLayout />
          </RouteErrorBoundary>
        ),
        children: [{ path: paths.login, ...page(() => import('../features/auth/LoginPage')) }],
      },
      // Rendered by Root's kept-alive map layout.
      { path: patterns.map, element: null },
    ],
  },
];

registerRoutes(routes);

/** The screen the address shows. */
export const AppRoutes = () => useRoutes(routes);
