import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { of } from 'rxjs';
import { prefetchFirstPage } from './prefetch';

/** A client whose network records what was asked for. */
function recordingClient() {
  const asked: Array<{ operation: string; variables: Record<string, unknown> }> = [];
  const link = new ApolloLink((operation) => {
    asked.push({ operation: operation.operationName ?? '', variables: operation.variables });
    return of({ data: { course: null } });
  });
  return { client: new ApolloClient({ link, cache: new InMemoryCache() }), asked };
}

describe('the first page data', () => {
  it.each(['/course/7b0f', '/details/7b0f', '/Course/7b0f'])('asks for the course of %s while its code loads', async (pathname) => {
    const { client, asked } = recordingClient();
    await prefetchFirstPage(client, { pathname, search: '' });
    expect(asked).toEqual([{ operation: 'CoursePage', variables: { id: '7b0f' } }]);
  });

  it.each([
    ['/', ''],
    ['/about', ''],
    ['/course', ''],
    ['/course/7b0f', '?success=true'],
    ['/course/7b0f', '?canceled=true'],
  ])('asks for nothing on %s%s', async (pathname, search) => {
    const { client, asked } = recordingClient();
    await prefetchFirstPage(client, { pathname, search });
    expect(asked).toEqual([]);
  });
});
