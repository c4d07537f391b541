import type { ApolloClient } from '@apollo/client';
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { themeSystem } from '../app/theme';
import { createSession, type Session } from '../lib/session';
import { SessionProvider, StartSession } from '../lib/session-context';
import { WithLanguage } from '../test/render';
import { RequireAuth, RequireRole } from './guards';

function LoginProbe() {
  const from = (useLocation().state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>login page, back to {from}</p>;
}

function renderGuarded(session: Session, guard: 'auth' | 'admin') {
  render(
    <WithLanguage>
      <ChakraProvider value={themeSystem()}>
        <SessionProvider session={session}>
          <MemoryRouter initialEntries={['/private']}>
            <Routes>
              <Route path="/login" element={<LoginProbe />} />
              <Route element={guard === 'auth' ? <RequireAuth /> : <RequireRole roles={['ADMIN']} />}>
                <Route path="/private" element={<p>private page</p>} />
              </Route>
            </Routes>
          </MemoryRouter>
          <StartSession />
        </SessionProvider>
      </ChakraProvider>
    </WithLanguage>,
  );
}

/** A session whose refresh answer the test decides. */
function sessionAnswering(answer: Promise<unknown>): Session {
  const session = createSession();
  const client = { mutate: () => answer, clearStore: () => Promise.resolve([]), refetchQueries: () => Promise.resolve([]) } as unknown as ApolloClient;
  session.attach({ current: () => client, load: () => Promise.resolve(client), forgetAnswers: () => undefined });
  return session;
}

const student = { __typename: 'User' as const, id: 'u1', name: 'Rahim', email: 'rahim@example.com', role: 'STUDENT' as const, image: null };

describe('the login guard', () => {
  it('shows a spinner while the session loads', () => {
    renderGuarded(sessionAnswering(new Promise(() => undefined)), 'auth');
    expect(screen.getByRole('status', { name: 'Checking your sign-in' })).toBeInTheDocument();
    expect(screen.queryByText('private page')).toBeNull();
  });

  it('sends a signed-out visitor to /login remembering the page', async () => {
    renderGuarded(sessionAnswering(Promise.resolve({ data: { refreshSession: null } })), 'auth');
    expect(await screen.findByText('login page, back to /private')).toBeInTheDocument();
  });

  it('lets a signed-in person through whatever their role', async () => {
    renderGuarded(sessionAnswering(Promise.resolve({ data: { refreshSession: { accessToken: 't', user: student } } })), 'auth');
    expect(await screen.findByText('private page')).toBeInTheDocument();
  });
});

describe('the role guard of the staff areas', () => {
  it('turns away a signed-in student', async () => {
    renderGuarded(sessionAnswering(Promise.resolve({ data: { refreshSession: { accessToken: 't', user: student } } })), 'admin');
    expect(await screen.findByText('This area is for staff only. Your account cannot open it.')).toBeInTheDocument();
    expect(screen.queryByText('private page')).toBeNull();
  });

  it('lets an admin in', async () => {
    renderGuarded(sessionAnswering(Promise.resolve({ data: { refreshSession: { accessToken: 't', user: { ...student, role: 'ADMIN' } } } })), 'admin');
    expect(await screen.findByText('private page')).toBeInTheDocument();
  });
});
