import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths, patterns } from '../config/paths';
import { NotFoundScreen } from '../components/ErrorScreen';
import { PageState } from '../components/PageState';
import { RouteError } from './errors/RouteError';
import { DefaultLayout, LoginLayout, PlainLayout } from './layouts';
import { registerRoutes } from '../lib/prefetch';
import { RequirePermission } from './RequirePermission';
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
    // While the first screen's code loads: a spinner after 200 ms, as a page loading its data.
    hydrateFallbackElement: <PageState isPending error={null} />,
    children: [
      {
        element: <DefaultLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(() => import('./routes/home/HomeRoute')) },
          { path: paths.privacy, lazy: page(() => import('../features/privacy/PrivacyPage')) },
          // More specific than the documentation pages' /doc/*: react-router ranks them first.
          { path: paths.apiDocs, lazy: page(() => import('../features/api-docs/ApiDocsPage')) },
          { path: paths.apiDocsObjects, lazy: page(() => import('../features/api-docs/ObjectsGuidePage')) },
          { path: patterns.docPage, lazy: page(() => import('../features/pages/DocPage')) },
          { path: paths.projects, lazy: page(() => import('../features/projects/ProjectsPage')) },
          {
            path: patterns.project,
            lazy: page(() => import('../features/projects/ProjectLayout')),
            children: [
              { index: true, lazy: page(() => import('../features/projects/ProjectOverview')) },
              { path: 'data', lazy: page(() => import('./routes/projects/ProjectData')) },
              { path: 'files/:file?/*', lazy: page(() => import('../features/projects/ProjectFilesTab')) },
              { path: 'updates', lazy: page(() => import('../features/projects/UpdatesPage')) },
              { path: 'updates/:update', lazy: page(() => import('../features/projects/UpdatePage')) },
            ],
          },
          { path: paths.data, lazy: page(() => import('../features/objects/ObjectsPage')) },
          {
            path: patterns.object,
            lazy: page(() => import('../features/objects/ObjectLayout')),
            children: [
              { index: true, lazy: page(() => import('../features/objects/ObjectOverview')) },
              // The spec's address of the first tab; the tab's own links use the object's address.
              { path: 'overview', lazy: page(() => import('../features/objects/ObjectOverview')) },
              { path: 'notebook', lazy: page(() => import('../features/objects/ObjectNotebook')) },
              { path: 'photos', lazy: page(() => import('../features/objects/ObjectPhotos')) },
            ],
          },
          { path: paths.people, lazy: page(() => import('../features/people/PeoplePage')) },
          { path: patterns.person, lazy: page(() => import('../features/people/PersonPage')) },
          { path: paths.partners, lazy: page(() => import('../features/partners/PartnersPage')) },
          { path: patterns.partner, lazy: page(() => import('../features/partners/PartnerPage')) },
          { path: patterns.team, lazy: page(() => import('../features/teams/TeamPage')) },
          { path: paths.pubs, lazy: page(() => import('../features/publications/PublicationsPage')) },
          { path: patterns.pub, lazy: page(() => import('../features/publications/PublicationPage')) },
          { path: paths.insights, lazy: page(() => import('../features/insights/InsightsPage')) },
          { path: patterns.insight, lazy: page(() => import('../features/insights/InsightPage')) },
          { path: patterns.photos, lazy: page(() => import('../features/photos/PhotosPage')) },
          { path: paths.sandbox, lazy: page(() => import('../features/sandbox/SandboxPage')) },
          // Works signed out: the link comes in an e-mail.
          { path: patterns.unsubscribe, lazy: page(() => import('../features/account/UnsubscribePage')) },
          { path: paths.nodes, lazy: page(() => import('./routes/nodes/NodeRoute')) },
          { path: patterns.node, lazy: page(() => import('./routes/nodes/NodeRoute')) },
          { path: patterns.invitation, lazy: page(() => import('../features/auth/InvitationPage')) },
          // Public: the server answers 404 unless the reader may see a usage, uploaded it, or manages assets.
          { path: patterns.asset, lazy: page(() => import('../features/assets/AssetPage')) },
          { path: paths.assets, element: <RequireSignIn />, children: [{ index: true, lazy: page(() => import('../features/assets/MyUploadsPage')) }] },
          {
            element: <RequireSignIn />,
            children: [
              {
                path: paths.me,
                lazy: page(() => import('./routes/me/MeLayout')),
                children: [
                  { index: true, lazy: page(() => import('./routes/me/MeIndexPage')) },
                  { path: 'photos', lazy: page(() => import('./routes/me/MyPhotosPage')) },
                  { path: 'projects', lazy: page(() => import('../features/projects/MyProjectsPage')) },
                  { path: 'teams', lazy: page(() => import('../features/teams/MyTeamsPage')) },
                ],
              },
              { path: paths.projectCreate, lazy: page(() => import('../features/projects/ProjectEditPage')) },
              { path: '/edit/projects', lazy: page(() => import('../features/projects/ProjectEditPage')) },
              { path: patterns.projectEditAlias, lazy: page(() => import('../features/projects/ProjectEditPage')) },
              { path: patterns.projectEdit, lazy: page(() => import('../features/projects/ProjectEditPage')) },
              { path: patterns.projectUpdateNew, lazy: page(() => import('../features/projects/UpdateEditPage')) },
              { path: patterns.projectUpdateEdit, lazy: page(() => import('../features/projects/UpdateEditPage')) },
              { path: paths.objectNew, lazy: page(() => import('../features/objects/edit/ObjectEditPage')) },
              { path: patterns.objectEdit, lazy: page(() => import('../features/objects/edit/ObjectEditPage')) },
              { path: patterns.personEdit, lazy: page(() => import('../features/people/PersonEditPage')) },
              { path: patterns.partnerEdit, lazy: page(() => import('../features/partners/PartnerEditPage')) },
              { path: patterns.insightEdit, lazy: page(() => import('../features/insights/InsightEditPage')) },
              // Any signed-in user adds publications; who may change one, the server says (its permissions).
              { path: paths.pubNew, lazy: page(() => import('../features/publications/PublicationEditPage')) },
              { path: patterns.pubEdit, lazy: page(() => import('../features/publications/PublicationEditPage')) },
            ],
          },
          {
            element: <RequirePermission permission="createInsights" />,
            children: [{ path: paths.insightNew, lazy: page(() => import('../features/insights/InsightEditPage')) }],
          },
          {
            element: <RequirePermission permission="managePeople" />,
            children: [{ path: paths.personNew, lazy: page(() => import('../features/people/PersonNewPage')) }],
          },
          {
            // Site Admin → Data → Import. Outside the accessAdmin gate: a project's editor may
            // import observations into its data tables (the server decides), so the start and
            // the observation screens need only a sign-in; objects and relations need importData.
            element: <RequireSignIn />,
            children: [
              {
                path: paths.adminImport,
                lazy: page(() => import('./routes/admin/imports/ImportLayout')),
                children: [
                  { index: true, lazy: page(() => import('./routes/admin/imports/ImportStartPage')) },
                  { path: 'observations', lazy: page(() => import('./routes/admin/imports/ObservationImportPage')) },
                  {
                    path: 'observations/result',
                    lazy: async () => ({ Component: (await import('./routes/admin/imports/ImportResultPage')).ObservationsResultPage }),
                  },
                  {
                    element: <RequirePermission permission="importData" />,
                    children: [
                      { path: 'objects', lazy: page(() => import('./routes/admin/imports/ObjectImportPage')) },
                      {
                        path: 'objects/result',
                        lazy: async () => ({ Component: (await import('./routes/admin/imports/ImportResultPage')).ObjectsResultPage }),
                      },
                      { path: 'object_rels', lazy: page(() => import('./routes/admin/imports/RelationImportPage')) },
                      {
                        path: 'object_rels/result',
                        lazy: async () => ({ Component: (await import('./routes/admin/imports/ImportResultPage')).RelationsResultPage }),
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
                lazy: page(() => import('./routes/admin/AdminLayout')),
                children: [
                  { index: true, lazy: page(() => import('./routes/admin/AdminIndexPage')) },
                  { path: paths.adminInstitutions, lazy: page(() => import('./routes/admin/institutions/InstitutionsAdminPage')) },
                  {
                    element: <RequirePermission permission="manageUsers" />,
                    children: [
                      { path: paths.adminUsers, lazy: page(() => import('./routes/admin/users/UsersAdminPage')) },
                      { path: patterns.adminUser, lazy: page(() => import('./routes/admin/users/UserAdminPage')) },
                    ],
                  },
                  {
                    element: <RequirePermission permission="manageProjects" />,
                    children: [
                      { path: paths.adminProjects, lazy: page(() => import('./routes/admin/projects/ProjectsAdminPage')) },
                      { path: paths.adminProjectNew, lazy: page(() => import('../features/projects/ProjectEditPage')) },
                      { path: patterns.adminProject, lazy: page(() => import('./routes/admin/projects/ProjectAdminPage')) },
                      // Every object, whatever its projects: what manageProjects lets its holder edit.
                      { path: paths.adminObjects, lazy: page(() => import('./routes/admin/schema/objects/ObjectsAdminPage')) },
                      { path: patterns.adminObject, lazy: page(() => import('./routes/admin/schema/objects/ObjectAdminPage')) },
                    ],
                  },
                  { path: paths.adminRoles, lazy: page(() => import('./routes/admin/roles/RolesAdminPage')) },
                  { path: patterns.adminRole, lazy: page(() => import('./routes/admin/roles/RoleAdminPage')) },
                  {
                    element: <RequirePermission permission="manageTeams" />,
                    children: [
                      { path: paths.adminTeams, lazy: page(() => import('./routes/admin/teams/TeamsAdminPage')) },
                      { path: patterns.adminTeam, lazy: page(() => import('./routes/admin/teams/TeamAdminPage')) },
                    ],
                  },
                  {
                    element: <RequirePermission permission="manageShortlinks" />,
                    children: [{ path: paths.adminShortlinks, lazy: page(() => import('./routes/admin/shortlinks/ShortlinksAdminPage')) }],
                  },
                  {
                    element: <RequirePermission permission="manageSettings" />,
                    children: [
                      { path: paths.adminBasemap, lazy: page(() => import('./routes/admin/basemap/BasemapAdminPage')) },
                      { path: paths.adminPublishing, lazy: page(() => import('./routes/admin/publishing/PublishingAdminPage')) },
                      { path: paths.adminWebhooks, lazy: page(() => import('./routes/admin/webhooks/WebhooksAdminPage')) },
                    ],
                  },
                  {
                    element: <RequirePermission permission="manageAssets" />,
                    children: [
                      { path: paths.adminAssets, lazy: page(() => import('./routes/admin/assets/AssetsAdminPage')) },
                      { path: patterns.adminAsset, lazy: page(() => import('./routes/admin/assets/AssetAdminPage')) },
                    ],
                  },
                  {
                    element: <RequirePermission permission="managePages" />,
                    children: [
                      { path: paths.adminPages, lazy: page(() => import('./routes/admin/pages/PagesAdminPage')) },
                      { path: patterns.adminPage, lazy: page(() => import('./routes/admin/pages/PageAdminPage')) },
                    ],
                  },
                  {
                    // The data schema is read by everyone (the API's GETs); its screens are for those who change it.
                    element: <RequirePermission permission="manageSchema" />,
                    children: [
                      { path: paths.adminUnits, lazy: page(() => import('./routes/admin/schema/units/UnitsAdminPage')) },
                      { path: patterns.adminUnit, lazy: page(() => import('./routes/admin/schema/units/UnitAdminPage')) },
                      { path: paths.adminMetrics, lazy: page(() => import('./routes/admin/schema/metrics/MetricsAdminPage')) },
                      { path: patterns.adminMetric, lazy: page(() => import('./routes/admin/schema/metrics/MetricAdminPage')) },
                      { path: paths.adminObjectTypes, lazy: page(() => import('./routes/admin/schema/objtypes/ObjectTypesAdminPage')) },
                      { path: patterns.adminObjectType, lazy: page(() => import('./routes/admin/schema/objtypes/ObjectTypeAdminPage')) },
                      { path: paths.adminSchemas, lazy: page(() => import('./routes/admin/schema/schemas/SchemasAdminPage')) },
                      { path: patterns.adminSchema, lazy: page(() => import('./routes/admin/schema/schemas/SchemaAdminPage')) },
                      { path: paths.adminNodeTypes, lazy: page(() => import('./routes/admin/schema/nodetypes/NodeTypesAdminPage')) },
                      { path: patterns.adminNodeType, lazy: page(() => import('./routes/admin/schema/nodetypes/NodeTypeAdminPage')) },
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
        element: <LoginLayout />,
        errorElement: <RouteError />,
        children: [
          { path: paths.forgot, lazy: page(() => import('../features/auth/ForgotPage')) },
          { path: patterns.forgotCode, lazy: page(() => import('../features/auth/ResetPage')) },
          { path: patterns.emailChange, lazy: page(() => import('../features/account/EmailChangePage')) },
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
