import { describe, expect, it } from 'vitest';
import type { GlobalPermission, Permission, ResourceAction } from '@observatory/shared';
import { can, isPublic, ownsOrManages, permissionsFor, seesUnconfirmedLink, sessionUserOf, type Actor, type Resource } from './policy.js';

const PROJECT = 'project-1';

function actor(overrides: Partial<Actor> & { targets?: Record<string, ResourceAction[]> } = {}): Actor {
  const { targets = {}, ...rest } = overrides;
  return {
    userId: 'user-1',
    personId: 'person-1',
    username: 'someone',
    super: false,
    global: new Set<GlobalPermission>(),
    onTargets: new Map(Object.entries(targets).map(([id, actions]) => [id, new Set(actions)])),
    key: null,
    ...rest,
  };
}

const project = (visibility: Resource['visibility'], owner: string | null = null): Resource => ({
  type: 'project',
  id: PROJECT,
  visibility,
  targetIds: [PROJECT],
  ownerUserId: owner,
});

const ACTORS = {
  visitor: null,
  signedIn: actor(),
  member: actor({ targets: { [PROJECT]: ['view'] } }),
  editor: actor({ targets: { [PROJECT]: ['view', 'edit', 'comment', 'upload'] } }),
  admin: actor({ global: new Set<GlobalPermission>(['manageProjects']) }),
  super: actor({ super: true }),
  owner: actor({ userId: 'owner-1' }),
} as const;
type Who = keyof typeof ACTORS;

/** Expected decisions: for each visibility and actor, the actions allowed. */
const TABLE: Record<NonNullable<Resource['visibility']>, Record<Who, ResourceAction[]>> = {
  public: {
    visitor: ['view'],
    signedIn: ['view'],
    member: ['view'],
    editor: ['view', 'edit', 'comment', 'upload'],
    admin: ['view', 'edit', 'delete', 'comment', 'manageMembers', 'upload'],
    super: ['view', 'edit', 'delete', 'comment', 'manageMembers', 'upload'],
    owner: ['view', 'edit', 'delete', 'comment', 'upload'],
  },
  'signed-in': {
    visitor: [],
    signedIn: ['view'],
    member: ['view'],
    editor: ['view', 'edit', 'comment', 'upload'],
    admin: ['view', 'edit', 'delete', 'comment', 'manageMembers', 'upload'],
    super: ['view', 'edit', 'delete', 'comment', 'manageMembers', 'upload'],
    owner: ['view', 'edit', 'delete', 'comment', 'upload'],
  },
  members: {
    visitor: [],
    signedIn: [],
    member: ['view'],
    editor: ['view', 'edit', 'comment', 'upload'],
    admin: ['view', 'edit', 'delete', 'comment', 'manageMembers', 'upload'],
    super: ['view', 'edit', 'delete', 'comment', 'manageMembers', 'upload'],
    owner: ['view', 'edit', 'delete', 'comment', 'upload'],
  },
};

describe('can: resource actions', () => {
  for (const [visibility, rows] of Object.entries(TABLE)) {
    for (const [who, allowed] of Object.entries(rows)) {
      it(`${who} on a ${visibility} project may ${allowed.join(', ') || 'nothing'}`, () => {
        expect(permissionsFor(ACTORS[who as Who], project(visibility as Resource['visibility'], 'owner-1'))).toEqual(allowed);
      });
    }
  }

  it('roles on another target grant nothing here', () => {
    const elsewhere = actor({ targets: { 'project-2': ['view', 'edit'] } });
    expect(permissionsFor(elsewhere, project('members'))).toEqual([]);
  });

  it('an object is seen by the members of any of its projects', () => {
    const object: Resource = { type: 'object', id: 'obj', visibility: 'members', targetIds: ['p-a', 'p-b'] };
    expect(can(actor({ targets: { 'p-b': ['view'] } }), 'view', object)).toBe(true);
    expect(can(actor({ targets: { 'p-c': ['view'] } }), 'view', object)).toBe(false);
  });

  it('a user may view and edit, but not delete, their own account', () => {
    const account: Resource = { type: 'user', id: 'user-1', visibility: 'members', ownerUserId: 'user-1' };
    expect(permissionsFor(ACTORS.signedIn, account)).toEqual(['view', 'edit']);
    expect(permissionsFor(actor({ userId: 'user-2' }), account)).toEqual([]);
    expect(permissionsFor(actor({ userId: 'user-2', global: new Set(['manageUsers']) }), account)).toContain('delete');
  });

  it('a row inside another is seen as its parent is: owning a note does not show a hidden object', () => {
    const object: Resource = { type: 'object', id: 'obj', visibility: 'members', targetIds: [PROJECT] };
    const author = actor({ personId: 'author-1' });
    const note: Resource = { type: 'note', id: 'n', targetIds: [PROJECT], ownerPersonId: 'author-1', parent: object };
    expect(permissionsFor(author, note)).toEqual([]);
    expect(permissionsFor(ACTORS.member, note)).toEqual(['view']);
    const openNote: Resource = { ...note, parent: { ...object, visibility: 'public' } };
    expect(permissionsFor(null, openNote)).toEqual(['view']);
    // Its author and the object's editors change and remove it (delete is granted by edit for notes).
    expect(permissionsFor(author, openNote)).toEqual(['view', 'edit', 'delete']);
    expect(permissionsFor(ACTORS.editor, { ...openNote, ownerPersonId: 'someone-else' })).toEqual(['view', 'edit', 'delete']);
    expect(permissionsFor(ACTORS.signedIn, openNote)).toEqual(['view']);
  });

  it('a manager of a kind sees and changes its rows, also inside a hidden parent', () => {
    const update: Resource = { type: 'update', id: 'u', targetIds: [PROJECT], parent: project('members') };
    expect(can(ACTORS.admin, 'edit', update)).toBe(true);
    expect(can(actor({ global: new Set(['managePeople']) }), 'view', update)).toBe(false);
  });

  it('a resource action needs a resource', () => {
    expect(can(ACTORS.super, 'edit')).toBe(false);
  });
});

describe('can: insights and their comments', () => {
  const TEAM = 'team-1';
  const insight = (visibility: Resource['visibility'], team: string | null): Resource => ({
    type: 'insight',
    id: 'insight-1',
    visibility,
    targetIds: team ? [team] : [],
    ownerPersonId: 'author-1',
  });
  const comment = (parent: Resource): Resource => ({
    type: 'comment',
    id: 'comment-1',
    targetIds: parent.targetIds ?? [],
    parent,
    ownerPersonId: 'commenter-1',
  });
  const author = actor({ personId: 'author-1' });
  const teamEditor = actor({ targets: { [TEAM]: ['view', 'edit', 'comment', 'upload'] } });
  const teamViewer = actor({ targets: { [TEAM]: ['view'] } });
  const insightManager = actor({ global: new Set<GlobalPermission>(['manageInsights']) });

  it('members-only: the team’s members see it; with no team, its author alone (and managers)', () => {
    expect([author, teamViewer, teamEditor, insightManager, ACTORS.signedIn, null].map((who) => can(who, 'view', insight('members', TEAM)))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect([author, teamViewer, teamEditor, insightManager, ACTORS.signedIn].map((who) => can(who, 'view', insight('members', null)))).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
  });

  it('its author, its team’s editors and manageInsights may edit and delete it: delete is granted by edit', () => {
    expect(permissionsFor(author, insight('public', TEAM))).toEqual(['view', 'edit', 'delete', 'comment']);
    expect(permissionsFor(teamEditor, insight('public', TEAM))).toEqual(['view', 'edit', 'delete', 'comment']);
    expect(permissionsFor(insightManager, insight('members', null))).toEqual(['view', 'edit', 'delete', 'comment']);
    expect(permissionsFor(teamViewer, insight('public', TEAM))).toEqual(['view', 'comment']);
    expect(permissionsFor(ACTORS.editor, insight('public', TEAM))).toEqual(['view', 'comment']);
  });

  it('a comment is seen as its insight is; its author and the insight’s editors change it', () => {
    const hidden = comment(insight('members', TEAM));
    expect(can(actor({ personId: 'commenter-1' }), 'view', hidden)).toBe(false);
    expect(can(teamViewer, 'view', hidden)).toBe(true);
    const open = comment(insight('public', TEAM));
    expect(permissionsFor(actor({ personId: 'commenter-1' }), open)).toEqual(['view', 'edit', 'delete']);
    expect(permissionsFor(teamEditor, open)).toEqual(['view', 'edit', 'delete']);
    expect(permissionsFor(teamViewer, open)).toEqual(['view']);
  });
});

describe('can: a photo whose object is gone', () => {
  const orphan: Resource = { type: 'photo', id: 'photo-1', visibility: 'members', targetIds: [], ownerPersonId: 'uploader-1' };

  it('is seen by its uploader and manageAssets only, not by the objects’ managers', () => {
    expect(can(null, 'view', orphan)).toBe(false);
    expect(can(ACTORS.signedIn, 'view', orphan)).toBe(false);
    expect(can(ACTORS.admin, 'view', orphan)).toBe(false);
    expect(permissionsFor(actor({ personId: 'uploader-1' }), orphan)).toEqual(['view', 'edit', 'delete']);
    expect(can(actor({ global: new Set<GlobalPermission>(['manageAssets']) }), 'view', orphan)).toBe(true);
    expect(can(ACTORS.super, 'view', orphan)).toBe(true);
  });
});

describe('isPublic: an image is served plainly only when everyone may see what holds it', () => {
  const object = (visibility: Resource['visibility']): Resource => ({ type: 'object', id: 'obj', visibility, targetIds: [PROJECT] });
  const photoOf = (parent: Resource | null): Resource =>
    parent ? { type: 'photo', id: 'photo-1', targetIds: [PROJECT], parent } : { type: 'photo', id: 'photo-1', visibility: 'members', targetIds: [] };

  it('holds for public rows and for rows inside public ones', () => {
    expect(isPublic(project('public'))).toBe(true);
    expect(isPublic(photoOf(object('public')))).toBe(true);
    expect(isPublic({ type: 'institution', id: 'inst' })).toBe(true);
  });

  it('fails for rows seen only when signed in, by members, or (a photo whose object is gone) by its uploader', () => {
    expect([isPublic(project('signed-in')), isPublic(project('members'))]).toEqual([false, false]);
    expect([isPublic(photoOf(object('signed-in'))), isPublic(photoOf(object('members')))]).toEqual([false, false]);
    expect(isPublic(photoOf(null))).toBe(false);
  });
});

describe('ownsOrManages: who reads an upload’s original', () => {
  const asset: Resource = { type: 'asset', id: 'asset-1', ownerUserId: 'uploader-1' };

  it('its uploader, manageAssets and super users; not other managers, users or visitors', () => {
    const rows = [
      [actor({ userId: 'uploader-1' }), true],
      [actor({ global: new Set<GlobalPermission>(['manageAssets']) }), true],
      [ACTORS.super, true],
      [ACTORS.admin, false],
      [ACTORS.signedIn, false],
      [null, false],
    ] as const;
    expect(rows.map(([who]) => ownsOrManages(who, asset))).toEqual(rows.map(([, expected]) => expected));
  });
});

describe('can: publications', () => {
  const publication: Resource = { type: 'publication', id: 'pub-1', ownerPersonId: 'creator-1', coOwnerPersonIds: ['author-1'] };

  it('everyone reads it; its creator edits and deletes it, its confirmed authors edit it', () => {
    expect(permissionsFor(null, publication)).toEqual(['view']);
    expect(permissionsFor(ACTORS.signedIn, publication)).toEqual(['view']);
    expect(permissionsFor(actor({ personId: 'creator-1' }), publication)).toEqual(['view', 'edit', 'delete']);
    expect(permissionsFor(actor({ personId: 'author-1' }), publication)).toEqual(['view', 'edit']);
    expect(permissionsFor(actor({ global: new Set<GlobalPermission>(['managePublications']) }), publication)).toEqual(['view', 'edit', 'delete']);
    // A project's editor gains nothing on a publication of the project.
    expect(permissionsFor(ACTORS.editor, { ...publication, coOwnerPersonIds: [] })).toEqual(['view']);
  });

  it('an author’s link waiting for its person is seen by that person and managePublications only: not its creator, its confirmed authors or other managers', () => {
    const sees = (who: Actor | null) => seesUnconfirmedLink(who, 'publication', 'waiting-1');
    expect(sees(null)).toBe(false);
    expect(sees(ACTORS.signedIn)).toBe(false);
    expect(sees(actor({ personId: 'creator-1' }))).toBe(false);
    expect(sees(actor({ personId: 'author-1' }))).toBe(false);
    expect(sees(ACTORS.admin)).toBe(false);
    expect(sees(actor({ global: new Set<GlobalPermission>(['managePeople']) }))).toBe(false);
    expect(sees(actor({ personId: 'waiting-1' }))).toBe(true);
    expect(sees(actor({ global: new Set<GlobalPermission>(['managePublications']) }))).toBe(true);
    expect(sees(ACTORS.super)).toBe(true);
  });
});

describe('can: documentation pages', () => {
  const page = (draft: boolean): Resource => ({ type: 'page', id: 'page-1', visibility: draft ? 'members' : 'public', targetIds: [] });
  const pageManager = actor({ global: new Set<GlobalPermission>(['managePages']) });

  it('a published page is read by everyone and changed by managePages only', () => {
    expect(permissionsFor(null, page(false))).toEqual(['view']);
    expect(permissionsFor(ACTORS.signedIn, page(false))).toEqual(['view']);
    expect(permissionsFor(ACTORS.admin, page(false))).toEqual(['view']);
    expect(permissionsFor(pageManager, page(false))).toEqual(['view', 'edit', 'delete']);
    expect(permissionsFor(ACTORS.super, page(false))).toEqual(['view', 'edit', 'delete']);
  });

  it('a draft is seen by managePages only: no one else, whatever their roles', () => {
    expect(permissionsFor(null, page(true))).toEqual([]);
    expect(permissionsFor(ACTORS.signedIn, page(true))).toEqual([]);
    expect(permissionsFor(ACTORS.editor, page(true))).toEqual([]);
    expect(permissionsFor(ACTORS.admin, page(true))).toEqual([]);
    expect(permissionsFor(pageManager, page(true))).toEqual(['view', 'edit', 'delete']);
    expect(permissionsFor(ACTORS.super, page(true))).toEqual(['view', 'edit', 'delete']);
  });
});

describe('can: global permissions', () => {
  it('pass for a holder or a super user only', () => {
    expect(can(null, 'accessAdmin')).toBe(false);
    expect(can(ACTORS.signedIn, 'accessAdmin')).toBe(false);
    expect(can(actor({ global: new Set(['accessAdmin']) }), 'accessAdmin')).toBe(true);
    expect(can(actor({ global: new Set(['accessAdmin']) }), 'manageUsers')).toBe(false);
    expect(can(ACTORS.super, 'manageUsers')).toBe(true);
  });

  it('are not granted by roles on targets', () => {
    expect(can(ACTORS.editor, 'manageProjects')).toBe(false);
  });

  it('are reported for the session as the user holds them: all of them for a super user', () => {
    expect(sessionUserOf(actor({ global: new Set<GlobalPermission>(['manageUsers', 'accessAdmin']) }))).toMatchObject({
      permissions: ['accessAdmin', 'manageUsers'],
      super: false,
    });
    expect(sessionUserOf(ACTORS.super).permissions).toContain('manageSchema');
  });
});

describe('can: API keys narrow, never widen', () => {
  const withKey = (base: Actor, permissions: Permission[], targets: string[] = []): Actor => ({
    ...base,
    key: { id: 'k', permissions: new Set(permissions), targets: new Set(targets) },
  });

  it('a key without permissions reads what its owner reads and changes nothing', () => {
    const key = withKey(ACTORS.super, []);
    expect(permissionsFor(key, project('members'))).toEqual(['view']);
    expect(can(key, 'manageUsers')).toBe(false);
  });

  it('a key grants only what both the key and the owner allow', () => {
    expect(permissionsFor(withKey(ACTORS.editor, ['edit', 'delete']), project('public'))).toEqual(['view', 'edit']);
    expect(can(withKey(ACTORS.signedIn, ['manageUsers']), 'manageUsers')).toBe(false);
  });

  it('a key with targets changes only those', () => {
    const key = withKey(ACTORS.admin, ['edit'], ['project-9']);
    expect(can(key, 'edit', project('public'))).toBe(false);
    expect(can(key, 'view', project('public'))).toBe(true);
    expect(can(key, 'edit', { ...project('public'), id: 'project-9', targetIds: ['project-9'] })).toBe(true);
  });
});
