import { GLOBAL_PERMISSIONS, type Permission } from '@observatory/shared';

/** Roles every installation starts with; administrators may add more. */
export const BUILTIN_ROLES: { slug: string; name: string; permissions: Permission[] }[] = [
  { slug: 'administrator', name: 'Administrator', permissions: [...GLOBAL_PERMISSIONS] },
  {
    slug: 'data-manager',
    name: 'Data manager',
    permissions: ['accessAdmin', 'importData', 'manageSchema', 'manageInstitutions', 'managePeople', 'createProjects', 'createInsights'],
  },
  { slug: 'researcher', name: 'Researcher', permissions: ['createProjects', 'createInsights'] },
  { slug: 'owner', name: 'Owner', permissions: ['view', 'edit', 'delete', 'comment', 'manageMembers', 'upload'] },
  { slug: 'editor', name: 'Editor', permissions: ['view', 'edit', 'comment', 'upload'] },
  { slug: 'contributor', name: 'Contributor', permissions: ['view', 'comment', 'upload'] },
  { slug: 'viewer', name: 'Viewer', permissions: ['view'] },
];
