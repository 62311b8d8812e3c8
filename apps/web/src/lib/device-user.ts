import type { AuthUser } from '@observatory/shared';

const NOTE = 'observatory:device-user';
const REMEMBERED = 'observatory:session-remembered';

/**
 * Who is signed in on this device, noted each time the server says so and forgotten at
 * sign-out or when the session ends: with no network to ask, the app opens as theirs (the
 * server judges the session again once the network is back). The note lasts as long as the
 * session may: a session kept ("keep me signed in") in localStorage, one for as long as the
 * browser is open in sessionStorage, gone with it, so that a shared tablet does not open
 * offline as someone who did not ask to be kept.
 */
export function noteDeviceUser(user: AuthUser | null) {
  try {
    localStorage.removeItem(NOTE);
    sessionStorage.removeItem(NOTE);
    if (user) (localStorage.getItem(REMEMBERED) === '1' ? localStorage : sessionStorage).setItem(NOTE, JSON.stringify(user));
  } catch {
    // storage unavailable (private mode): offline, the app opens as a visitor's
  }
}

/** At sign-in: whether the session is kept past this browser's closing, and so the note. */
export function noteSignIn(remember: boolean) {
  try {
    if (remember) localStorage.setItem(REMEMBERED, '1');
    else localStorage.removeItem(REMEMBERED);
  } catch {
    // storage unavailable: the note, if any, goes with the tab
  }
}

/** The device's note, if it is one this version of the app can read. */
export function deviceUser(): AuthUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(NOTE) ?? sessionStorage.getItem(NOTE) ?? 'null') as Partial<AuthUser> | null;
    return typeof user?.username === 'string' && Array.isArray(user.permissions) ? (user as AuthUser) : null;
  } catch {
    return null;
  }
}

/**
 * What a user has kept on this device lives in an IndexedDB database of theirs alone
 * (lib/kept/store.ts); a flag in localStorage says that there is one, so that the API client
 * opens it only for users who kept something (the store's code is not the first visit's).
 */
const FLAG = 'observatory:kept:';

/** The IndexedDB database of a user's kept answers. */
export const keptDatabaseName = (username: string) => `observatory-kept:${username}`;

/** The signed-in user of this device, when they kept something here. */
export function keepingUser(): string | null {
  const username = deviceUser()?.username;
  try {
    return username && localStorage.getItem(FLAG + username) === '1' ? username : null;
  } catch {
    return null;
  }
}

export function noteKeeping(username: string, keeping: boolean): void {
  try {
    if (keeping) localStorage.setItem(FLAG + username, '1');
    else localStorage.removeItem(FLAG + username);
  } catch {
    // storage unavailable (private mode): nothing is read back offline
  }
}

/** At sign-out: everything the user kept on this device is deleted. */
export function forgetKept(username: string): Promise<void> {
  noteKeeping(username, false);
  return new Promise((resolve) => {
    try {
      const request = indexedDB.deleteDatabase(keptDatabaseName(username));
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}

/**
 * What a user recorded with no network waits in an IndexedDB database of theirs
 * (lib/outbox/store.ts); a flag in localStorage says there is some, so that the app loads the
 * sending code only for them. It stays through sign-out: the queue goes when they sign in again.
 */
const OUTBOX_FLAG = 'observatory:outbox:';

export function hasOutbox(username: string): boolean {
  try {
    return localStorage.getItem(OUTBOX_FLAG + username) === '1';
  } catch {
    return false;
  }
}

export function noteOutbox(username: string, waiting: boolean): void {
  try {
    if (waiting) localStorage.setItem(OUTBOX_FLAG + username, '1');
    else localStorage.removeItem(OUTBOX_FLAG + username);
    window.dispatchEvent(new Event(OUTBOX_EVENT));
  } catch {
    // storage unavailable (private mode): the queue is still read when its page is opened
  }
}

/** Fired on the window when a user's queue starts or empties. */
export const OUTBOX_EVENT = 'observatory:outbox';
