import { afterEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '@observatory/shared';
import { KEPT_DATABASE_PREFIX } from '../service-worker/kept-answers';
import { deviceUser, keptDatabaseName, noteDeviceUser, noteSignIn } from './device-user';

const ada = { username: 'ada', permissions: ['createProject'], super: false } as unknown as AuthUser;

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the device’s note of who is signed in', () => {
  it('lasts as long as the session may: a kept one in localStorage, one for the open browser in sessionStorage', () => {
    noteSignIn(true);
    noteDeviceUser(ada);
    expect(localStorage.getItem('observatory:device-user')).not.toBeNull();
    expect(sessionStorage.getItem('observatory:device-user')).toBeNull();
    expect(deviceUser()).toEqual(ada);

    noteSignIn(false);
    noteDeviceUser(ada);
    expect(localStorage.getItem('observatory:device-user')).toBeNull();
    expect(sessionStorage.getItem('observatory:device-user')).not.toBeNull();
    expect(deviceUser()).toEqual(ada);
  });

  it('is forgotten wherever it was kept', () => {
    noteSignIn(true);
    noteDeviceUser(ada);
    noteSignIn(false);
    noteDeviceUser(ada);
    noteDeviceUser(null);
    expect(deviceUser()).toBeNull();
    expect(localStorage.getItem('observatory:device-user')).toBeNull();
    expect(sessionStorage.getItem('observatory:device-user')).toBeNull();
  });

  it('is not read when it is not one this version wrote', () => {
    localStorage.setItem('observatory:device-user', '{"name":"ada"}');
    expect(deviceUser()).toBeNull();
    localStorage.setItem('observatory:device-user', 'not json');
    expect(deviceUser()).toBeNull();
  });
});

describe('what a user keeps on the device', () => {
  it('is in a database the service worker finds (it answers a kept base map from it)', () => {
    expect(keptDatabaseName('ada')).toBe(`${KEPT_DATABASE_PREFIX}ada`);
  });
});
