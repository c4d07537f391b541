import { createSession, hintsSignedIn, SIGNED_IN_HINT_COOKIE } from './session';

const user = { id: 'u1', email: 'rahim@example.com', name: 'Rahim', role: 'STUDENT', image: null } as unknown as Parameters<
  ReturnType<typeof createSession>['signedIn']
>[0]['user'];

describe('the sign-in hint', () => {
  afterEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
  });

  it('is read from a Cookie header', () => {
    expect(hintsSignedIn(undefined)).toBe(false);
    expect(hintsSignedIn('other=1')).toBe(false);
    expect(hintsSignedIn(`other=1; ${SIGNED_IN_HINT_COOKIE}=1`)).toBe(true);
  });

  it('is set while signed in and cleared after', async () => {
    const session = createSession({ shareAcrossTabs: false });
    session.signedIn({ accessToken: 'token', user });
    expect(hintsSignedIn(document.cookie)).toBe(true);
    session.updateUser({ name: 'Rahim Uddin' });
    expect(hintsSignedIn(document.cookie)).toBe(true);
    await session.signOut();
    expect(hintsSignedIn(document.cookie)).toBe(false);
  });

  it('a page drawn for a visitor starts signed out, and the session is still checked', () => {
    const session = createSession({ shareAcrossTabs: false, assumeSignedOut: true });
    expect(session.getState()).toEqual({ status: 'signedOut' });
    expect(session.needsCheck()).toBe(true);
    session.signedIn({ accessToken: 'token', user });
    expect(session.needsCheck()).toBe(false);
    expect(createSession({ shareAcrossTabs: false }).needsCheck()).toBe(true);
  });
});
