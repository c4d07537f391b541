import { ApolloClient, ApolloLink, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parse } from 'graphql';
import { DataProvider, lazyDataSource, useMutation, useQuery, type DataSource } from '.';
import { answerKey } from './server-answers';

type Course = { course: { __typename: 'Course'; id: string; name: string } | null };
const CourseName = parse('query CourseName($id: ID!) { course(id: $id) { id name } }') as TypedDocumentNode<Course, { id: string }>;
const Rename = parse('mutation Rename($id: ID!) { rename(id: $id) { id name } }') as TypedDocumentNode<Course, { id: string }>;
const course = (name: string): Course => ({ course: { __typename: 'Course', id: 'c1', name } });

function CourseTitle() {
  const { data, loading } = useQuery(CourseName, { variables: { id: 'c1' } });
  if (loading && !data) return <p>Loading</p>;
  return <h1>{data?.course?.name}</h1>;
}

function RenameButton() {
  const [rename, { called }] = useMutation(Rename);
  return (
    <button type="button" onClick={() => void rename({ variables: { id: 'c1' } })}>
      {called ? 'Sent' : 'Rename'}
    </button>
  );
}

/** Apollo Client over a server whose answers the test gives; `asked` names what reached it. */
function apolloWith(responses: MockLink.MockedResponse[]) {
  const asked: string[] = [];
  const counter = new ApolloLink((operation, forward) => {
    asked.push(operation.operationName ?? '');
    return forward(operation);
  });
  const server = new MockLink(
    responses.map((response) => ({ ...response, maxUsageCount: Number.POSITIVE_INFINITY })),
    { showWarnings: false },
  );
  return { client: new ApolloClient({ link: ApolloLink.from([counter, server]), cache: new InMemoryCache() }), asked };
}

function lazySource(client: ApolloClient, answers: Record<string, unknown> = {}) {
  const loads = { count: 0 };
  const source = lazyDataSource(() => {
    loads.count += 1;
    return Promise.resolve(client);
  }, answers);
  return { source, loads };
}

const renderWith = (source: DataSource, element: React.ReactElement) => render(<DataProvider source={source}>{element}</DataProvider>);

describe('the data hooks', () => {
  it('draw a server-rendered page from its answers without loading Apollo Client, then watch the same data in its cache', async () => {
    const { client, asked } = apolloWith([]);
    const { source, loads } = lazySource(client, { [answerKey(CourseName, { id: 'c1' })]: course('Physics 9-10') });
    renderWith(source, <CourseTitle />);
    expect(screen.getByRole('heading', { name: 'Physics 9-10' })).toBeInTheDocument();
    expect(loads.count).toBe(0);

    await act(() => source.load());
    expect(screen.getByRole('heading', { name: 'Physics 9-10' })).toBeInTheDocument();
    expect(client.readQuery({ query: CourseName, variables: { id: 'c1' } })).toEqual(course('Physics 9-10'));
    void act(() => client.writeQuery({ query: CourseName, variables: { id: 'c1' }, data: course('Physics 9-10 (new)') }));
    expect(await screen.findByRole('heading', { name: 'Physics 9-10 (new)' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('load Apollo Client and ask the server for a query the page did not come with', async () => {
    const { client, asked } = apolloWith([{ request: { query: CourseName, variables: { id: 'c1' } }, result: { data: course('Chemistry') } }]);
    const { source, loads } = lazySource(client);
    renderWith(source, <CourseTitle />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Chemistry' })).toBeInTheDocument();
    expect(loads.count).toBe(1);
    expect(asked).toEqual(['CourseName']);
  });

  it('load Apollo Client for a mutation only when it is sent', async () => {
    const { client, asked } = apolloWith([{ request: { query: Rename, variables: { id: 'c1' } }, result: { data: course('Biology') } }]);
    const { source, loads } = lazySource(client);
    renderWith(source, <RenameButton />);
    expect(loads.count).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('button', { name: 'Sent' })).toBeInTheDocument();
    expect(loads.count).toBe(1);
    expect(asked).toEqual(['Rename']);
  });

  it('after a sign-in, no longer hand over an answer that was read as a visitor: the query asks the server', async () => {
    const { client, asked } = apolloWith([{ request: { query: CourseName, variables: { id: 'c1' } }, result: { data: course('Physics (enrolled)') } }]);
    const { source } = lazySource(client, { [answerKey(CourseName, { id: 'c1' })]: course('Physics') });
    await source.load();
    source.forgetAnswers();
    renderWith(source, <CourseTitle />);
    expect(await screen.findByRole('heading', { name: 'Physics (enrolled)' })).toBeInTheDocument();
    expect(asked).toEqual(['CourseName']);
  });

  it('name the same answer alike whatever the order of its variables', () => {
    const Search = parse('query Search($q: String!, $page: Int) { search(q: $q, page: $page) { id } }');
    expect(answerKey(Search, { q: 'physics', page: 2 })).toBe(answerKey(Search, { page: 2, q: 'physics' }));
    expect(answerKey(Search, { q: 'physics', page: undefined })).toBe(answerKey(Search, { q: 'physics' }));
    expect(answerKey(Search, { q: 'physics' })).not.toBe(answerKey(Search, { q: 'chemistry' }));
  });
});
