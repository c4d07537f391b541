import type { ApolloClient, DocumentNode, ObservableQuery, OperationVariables } from '@apollo/client';
import type { useQuery as apolloUseQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useDataSource } from './data-context';
import type { DataSource } from './data-source';
import { answerKey } from './server-answers';

type Result = ObservableQuery.Result<unknown>;
type Options = { variables?: OperationVariables; skip?: boolean; ssr?: boolean; fetchPolicy?: string; [option: string]: unknown };

// Apollo's NetworkStatus values (an enum of its core, which this module does not load).
const LOADING = 1;
const READY = 7;
const skipped: Result = Object.freeze({ data: undefined, dataState: 'empty', loading: false, networkStatus: READY, error: undefined, partial: true });
const waiting: Result = Object.freeze({ data: undefined, dataState: 'empty', loading: true, networkStatus: LOADING, error: undefined, partial: true });

/** The options Apollo's watchQuery takes for the hook's options (as Apollo's own useQuery makes them). */
function watchOptions(query: DocumentNode, { skip, ssr: _ssr, ...options }: Options) {
  return (
    skip ? { ...options, query, fetchPolicy: 'standby', initialFetchPolicy: options.fetchPolicy } : { ...options, query }
  ) as ApolloClient.WatchQueryOptions;
}

/** What makes a query ask again (functions among the options, such as callbacks, do not). */
const optionsKey = (options: Options) => JSON.stringify(options);

/**
 * One useQuery's query: before Apollo Client has loaded, the answer the page came with; after, an
 * Apollo ObservableQuery, made once and kept while the operation stays the same.
 */
class QueryState {
  observable: ObservableQuery | null = null;
  current: Result;
  previousData: unknown;
  private key: string;
  private polling: number | null = null;
  /** The data source's answers epoch when this query took the server's answer; null if it took none. */
  private answerEpoch: number | null = null;

  constructor(
    private readonly source: DataSource,
    readonly query: DocumentNode,
    private options: Options,
    previous?: QueryState,
  ) {
    this.key = optionsKey(options);
    this.previousData = previous?.current.data ?? previous?.previousData;
    const answer = options.skip ? undefined : source.serverAnswer(query, options.variables);
    this.current = options.skip ? skipped : answer !== undefined ? { ...skipped, data: answer, dataState: 'complete', partial: false } : waiting;
  }

  /** Whether the query waits for Apollo Client (it has no answer of the server's to show). */
  get waitsForServer() {
    return !this.observable && this.current === waiting;
  }

  /** Takes new options (during render, as Apollo's useQuery does) and Apollo Client once it is there. */
  update(options: Options, client: ApolloClient | null) {
    const key = optionsKey(options);
    const changed = key !== this.key;
    this.options = options;
    this.key = key;
    if (client && !this.observable) {
      this.attach(client);
      return;
    }
    if (!changed) return;
    if (!this.observable) {
      const fresh = new QueryState(this.source, this.query, options, this);
      this.current = fresh.current;
      this.previousData = fresh.previousData;
      return;
    }
    const previous = this.observable.options;
    const next = watchOptions(this.query, options);
    // As Apollo's useQuery: a query that was skipped starts with the fetch policy it was made with.
    next.fetchPolicy ??= previous.initialFetchPolicy;
    const reobserve =
      JSON.stringify(previous.variables ?? {}) !== JSON.stringify(next.variables ?? {}) ||
      (previous.fetchPolicy !== next.fetchPolicy && (next.fetchPolicy === 'standby' || previous.fetchPolicy === 'standby'));
    if (reobserve) void this.observable.reobserve(next).catch(() => undefined);
    else this.observable.applyOptions(next);
    this.take(this.observable.getCurrentResult());
  }

  /**
   * Apollo Client has loaded: the answer the page came with goes into its cache, and the query
   * watches it there. True when the result changed.
   */
  attach(client: ApolloClient): boolean {
    const options = watchOptions(this.query, this.options);
    // The server has just asked: the first read takes the answer it handed over (Apollo's
    // ssrForceFetchDelay does the same), later ones follow the query's own fetch policy.
    const handedOver = !this.options.skip && this.source.handOver(client, this.query, this.options.variables);
    this.observable = client.watchQuery(
      handedOver && options.fetchPolicy !== 'standby'
        ? { ...options, fetchPolicy: 'cache-first', nextFetchPolicy: options.fetchPolicy ?? 'cache-first' }
        : options,
    );
    if (this.polling !== null) this.observable.startPolling(this.polling);
    return this.take(this.observable.getCurrentResult());
  }

  /**
   * Takes a new result; false when it says what the current one says. The page keeps the objects
   * it has: the first result of Apollo's equals the server's answer the page was drawn with, and new
   * objects would draw again the parts not yet hydrated, dropping their HTML until their code came.
   */
  private take(result: Result): boolean {
    const current = this.current;
    const same =
      result.loading === current.loading &&
      result.networkStatus === current.networkStatus &&
      result.error === current.error &&
      (result.data === current.data || JSON.stringify(result.data) === JSON.stringify(current.data));
    if (same) return false;
    if (current.data !== undefined && result.data !== current.data) this.previousData = current.data;
    this.current = result;
    return true;
  }

  /**
   * Watches the query: its ObservableQuery, or, until Apollo Client has loaded, the data source,
   * whose arrival makes one. Apollo's arrival alone draws nothing again: its first result equals
   * the answer the page was drawn with (parts of the page may still be hydrating).
   */
  subscribe = (onChange: () => void) => {
    let subscription: { unsubscribe(): void } | null = null;
    const watch = (observable: ObservableQuery) => {
      subscription = observable.subscribe({
        next: (result) => {
          if (this.take(result)) onChange();
        },
        error: (error: unknown) => {
          if (this.take({ ...this.current, loading: false, error: error as Error, networkStatus: 8 })) onChange();
        },
      });
      // Signed in between taking the server's answer (read as a visitor) and watching it: ask again.
      if (this.answerEpoch !== null && this.answerEpoch !== this.source.answersEpoch()) {
        this.answerEpoch = null;
        void observable.refetch().catch(() => undefined);
      }
    };
    const arrived = () => {
      const client = this.source.current();
      if (!client || subscription) return;
      if (!this.observable && this.attach(client)) onChange();
      watch(this.observable!);
    };
    const stopWaiting = this.observable ? undefined : this.source.subscribe(arrived);
    if (this.observable) watch(this.observable);
    else arrived();
    return () => {
      stopWaiting?.();
      // As Apollo's useQuery: a resubscription right after (StrictMode, a new render) keeps the query.
      setTimeout(() => subscription?.unsubscribe());
    };
  };

  snapshot = () => this.current;

  private async observed(): Promise<ObservableQuery> {
    if (!this.observable) this.attach(await this.source.load());
    return this.observable!;
  }

  refetch = async (variables?: OperationVariables) => (await this.observed()).refetch(variables);
  fetchMore = async (options: Parameters<ObservableQuery['fetchMore']>[0]) => (await this.observed()).fetchMore(options);
  updateQuery = (map: Parameters<ObservableQuery['updateQuery']>[0]) => void this.observed().then((observable) => observable.updateQuery(map));
  startPolling = (interval: number) => {
    this.polling = interval;
    this.observable?.startPolling(interval);
  };
  stopPolling = () => {
    this.polling = null;
    this.observable?.stopPolling();
  };
}

function useBrowserQuery(source: DataSource, query: DocumentNode, options: Options = {}) {
  const [state, setState] = useState(() => new QueryState(source, query, options));
  let current = state;
  if (current.query !== query) setState((current = new QueryState(source, query, options, current)));
  // A component drawn after Apollo Client has loaded watches the query in its cache at once.
  current.update(options, source.current());
  const subscribe = useCallback((onChange: () => void) => current.subscribe(onChange), [current]);
  const result = useSyncExternalStore(subscribe, current.snapshot, current.snapshot);
  const waits = current.waitsForServer;
  useEffect(() => {
    if (waits) void source.load();
  }, [source, waits]);
  return useMemo(
    () => ({
      ...result,
      client: source.current(),
      observable: current.observable,
      variables: options.variables,
      previousData: current.previousData,
      refetch: current.refetch,
      fetchMore: current.fetchMore,
      updateQuery: current.updateQuery,
      startPolling: current.startPolling,
      stopPolling: current.stopPolling,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [result, current, optionsKey(options)],
  );
}

/**
 * Apollo's useQuery, as the generated hooks call it. In the browser it reads the page's answers
 * from the server until Apollo Client has loaded (see DataSource); the server's rendering runs
 * Apollo's own hook, which its prerendering waits for, and notes the answers for the browser.
 */
export const useQuery = function useQuery(query: DocumentNode, options?: Options) {
  const source = useDataSource();
  // Whether a source renders on the server never changes for the tree it is given to, so each
  // component calls the same hooks on every render.
  if (source.serverQuery) {
    const { useQuery: serverUseQuery, answers } = source.serverQuery;
    const result = serverUseQuery(query, options as never);
    if (result.data !== undefined && !options?.skip) answers[answerKey(query, options?.variables)] = result.data;
    return result;
  }
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useBrowserQuery(source, query, options);
} as unknown as typeof apolloUseQuery;
