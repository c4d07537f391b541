import { CombinedGraphQLErrors } from '@apollo/client';
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

describe('bringing the session back', () => {
  afterEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
  });
  const withServer = (mutate: () => Promise<unknown>) => {
    const session = createSession({ shareAcrossTabs: false });
    const client = { mutate, clearStore: () => Promise.resolve() };
    session.attach({ current: () => client as never, load: () => Promise.resolve(client as never), forgetAnswers: () => undefined });
    return session;
  };

  it('keeps the session when no server answers (offline, a restart), and says so', async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
    const session = withServer(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await session.refresh()).toBe(false);
    expect(session.getState()).toEqual({ status: 'loading' });
    expect(session.isUnreachable()).toBe(true);
    expect(hintsSignedIn(document.cookie)).toBe(true);
  });

  it('signs out when the server refuses the session', async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
    const refusal = new CombinedGraphQLErrors({ errors: [{ message: 'Please sign in', extensions: { code: 'UNAUTHENTICATED' } }] });
    const session = withServer(() => Promise.reject(refusal));
    expect(await session.refresh()).toBe(false);
    expect(session.getState()).toEqual({ status: 'signedOut' });
    expect(session.isUnreachable()).toBe(false);
    expect(hintsSignedIn(document.cookie)).toBe(false);
  });

  it('refreshes and signs out from the cookie alone, without the access token (one that has run out is refused)', async () => {
    const mutate = jest.fn((_options: { context?: { withoutToken?: boolean } }) => Promise.resolve({ data: { refreshSession: null, logout: true } }));
    const session = withServer(mutate as never);
    await session.refresh();
    await session.signOut();
    expect(mutate).toHaveBeenCalledTimes(2);
    for (const [options] of mutate.mock.calls) expect(options.context).toMatchObject({ withoutToken: true });
  });
});
