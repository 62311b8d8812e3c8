/** Every route path of the web app, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  forgot: '/forgot',
  forgotCode: (code: string) => `/forgot/${encodeURIComponent(code)}`,
  invitation: (code?: string) => (code ? `/invitation/${encodeURIComponent(code)}` : '/invitation'),
  privacy: '/privacy',
  me: '/me',
  myProjects: '/me/projects',
  myTeams: '/me/teams',
  myPhotos: '/me/photos',
  projects: '/projects',
  project: (slug: string) => `/projects/${encodeURIComponent(slug)}`,
  sites: '/map/properties',
  map: (view?: string) => (view ? `/map/${encodeURIComponent(view)}` : '/map'),
  people: '/people',
  personNew: '/people/new',
  person: (slug: string) => `/people/${encodeURIComponent(slug)}`,
  personEdit: (slug: string) => `/people/${encodeURIComponent(slug)}/edit`,
  partners: '/partners',
  partner: (slug: string) => `/partners/${encodeURIComponent(slug)}`,
  team: (slug: string) => `/teams/${encodeURIComponent(slug)}`,
  pubs: '/pubs',
  insights: '/insights',
  data: '/data',
  docs: '/doc/index',
  apiDocs: '/doc/api',
  admin: '/admin',
  adminInstitutions: '/admin/institutions',
} as const;

/** Route patterns with parameters, as the router declares them. */
export const patterns = {
  forgotCode: '/forgot/:code',
  invitation: '/invitation/:code?',
  map: '/map/:view?',
  person: '/people/:slug',
  personEdit: '/people/:slug/edit',
  partner: '/partners/:slug',
  team: '/teams/:slug',
} as const;

/** Routes whose screens hide the user menu. */
export const ROUTES_WITHOUT_USER_MENU = ['/invitation'];
