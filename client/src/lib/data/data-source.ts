import type { ApolloClient, TypedDocumentNode } from '@apollo/client';
import type { useQuery as apolloUseQuery } from '@apollo/client/react';
import { answerKey, type ServerAnswers } from './server-answers';

/**
 * Where the page's data comes from. In the browser, Apollo Client is not part of the first
 * download: a server-rendered page is drawn (hydrated) from the answers it came with, and Apollo
 * is loaded right after, or as soon as something needs the server (a query the page did not come
 * with, a mutation, the session). The hooks in ./hooks read it; the page never sees the difference.
 */
export interface DataSource {
  /** Apollo Client once loaded; null before. */
  current: () => ApolloClient | null;
  /** Loads Apollo Client (once) and gives it. */
  load(): Promise<ApolloClient>;
  /** Called when Apollo Client has loaded. */
  subscribe: (listener: () => void) => () => void;
  /** The answer the server drew the page with for this operation and variables, until Apollo has it. */
  serverAnswer(document: TypedDocumentNode<unknown, never>, variables: unknown): unknown;
  /** Hands a server answer to Apollo's cache (once): the query then reads it from there. */
  handOver(client: ApolloClient, document: TypedDocumentNode<unknown, never>, variables: unknown): boolean;
  /**
   * The server's answers were read as a visitor; after a sign-in they are not handed over any more,
   * and a query that took one asks again when it starts watching (`answersEpoch` counts these).
   */
  forgetAnswers(): void;
  answersEpoch(): number;
  /**
   * The server's rendering runs Apollo's own useQuery, which its prerendering waits for; it also
   * notes each answer for the browser. Never set in the browser.
   */
  serverQuery?: { useQuery: typeof apolloUseQuery; answers: ServerAnswers };
}

/** A source whose Apollo Client arrives when `load` is first called (the browser's). */
export function lazyDataSource(loadClient: () => Promise<ApolloClient>, answers: ServerAnswers = {}): DataSource {
  let client: ApolloClient | null = null;
  let loading: Promise<ApolloClient> | null = null;
  const listeners = new Set<() => void>();
  const handedOver = new Set<string>();
  let epoch = 0;
  return {
    current: () => client,
    load() {
      loading ??= loadClient().then((loaded) => {
        client = loaded;
        listeners.forEach((listener) => listener());
        return loaded;
      });
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    serverAnswer: (document, variables) => (client ? undefined : answers[answerKey(document, variables)]),
    handOver(apollo, document, variables) {
      const key = answerKey(document, variables);
      if (epoch > 0 || !(key in answers) || handedOver.has(key)) return false;
      handedOver.add(key);
      apollo.writeQuery({ query: document, variables: variables as never, data: answers[key] });
      return true;
    },
    forgetAnswers: () => void (epoch += 1),
    answersEpoch: () => epoch,
  };
}

/** A source with its Apollo Client at hand from the start (tests, and the server with `serverQuery`). */
export function readyDataSource(client: ApolloClient, serverQuery?: DataSource['serverQuery']): DataSource {
  return {
    current: () => client,
    load: () => Promise.resolve(client),
    subscribe: () => () => undefined,
    serverAnswer: () => undefined,
    handOver: () => false,
    forgetAnswers: () => undefined,
    answersEpoch: () => 0,
    serverQuery,
  };
}
