import { gql } from '@apollo/client';
import { createApolloClient } from './apollo';
import type { Session } from './session';

// The server refuses any request whose access token does not verify with HTTP 401, on public
// operations too; the client reads that refusal, refreshes the session from its cookie (sending
// no token, which would be refused again) and sends the request once more.

type Sent = { authorization: string | null; operationName: string | undefined };

const answer = (status: number, body: unknown) => ({
  ok: status < 300,
  status,
  headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/graphql-response+json; charset=utf-8' : null) },
  text: () => Promise.resolve(JSON.stringify(body)),
});

function server(valid: string) {
  const sent: Sent[] = [];
  const fetch = (_uri: string, init: { headers: Record<string, string>; body: string }) => {
    const authorization = init.headers.authorization ?? null;
    const { operationName } = JSON.parse(init.body) as { operationName?: string };
    sent.push({ authorization, operationName });
    if (authorization && authorization !== `Bearer ${valid}`)
      return Promise.resolve(answer(401, { errors: [{ message: 'Your session has ended. Please sign in again.', extensions: { code: 'UNAUTHENTICATED' } }] }));
    return Promise.resolve(answer(200, { data: { courses: { __typename: 'CoursePage', total: 3 } } }));
  };
  return { sent, fetch: fetch as unknown as typeof globalThis.fetch };
}

const COURSES = gql`
  query Courses {
    courses {
      total
    }
  }
`;

describe('a request whose access token has run out', () => {
  it('is answered after the session is refreshed, and sent again with the new token', async () => {
    let token = 'old';
    const refresh = jest.fn(() => {
      token = 'new';
      return Promise.resolve(true);
    });
    const session = { getToken: () => token, refresh } as unknown as Session;
    const { sent, fetch } = server('new');
    const client = createApolloClient(session, { uri: 'http://shikhon.local/graphql', fetch });
    const result = await client.query({ query: COURSES, fetchPolicy: 'network-only' });
    expect(result.data).toEqual({ courses: { __typename: 'CoursePage', total: 3 } });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent.map((request) => request.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('fails with the refusal when the session cannot be refreshed', async () => {
    const session = { getToken: () => 'old', refresh: jest.fn(() => Promise.resolve(false)) } as unknown as Session;
    const { fetch } = server('new');
    const client = createApolloClient(session, { uri: 'http://shikhon.local/graphql', fetch });
    await expect(client.query({ query: COURSES, fetchPolicy: 'network-only' })).rejects.toMatchObject({
      errors: [expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })],
    });
  });

  it('is not carried by a request sent without the token (the refresh, the sign-out)', async () => {
    const refresh = jest.fn(() => Promise.resolve(false));
    const session = { getToken: () => 'old', refresh } as unknown as Session;
    const { sent, fetch } = server('new');
    const client = createApolloClient(session, { uri: 'http://shikhon.local/graphql', fetch });
    await client.query({ query: COURSES, fetchPolicy: 'network-only', context: { withoutToken: true } });
    expect(sent).toEqual([{ authorization: null, operationName: 'Courses' }]);
    expect(refresh).not.toHaveBeenCalled();
  });
});
