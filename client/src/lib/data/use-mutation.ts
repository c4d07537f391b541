import type { ApolloClient, DocumentNode } from '@apollo/client';
import type { useMutation as apolloUseMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataSource } from './data-context';

type Options = {
  onCompleted?: (data: unknown, options: unknown) => void;
  onError?: (error: unknown, options: unknown) => void;
  context?: unknown;
  [option: string]: unknown;
};
type Result = { data: unknown; error: unknown; called: boolean; loading: boolean; client: ApolloClient | null };

const initialResult = (client: ApolloClient | null): Result => ({ data: undefined, error: undefined, called: false, loading: false, client });

/**
 * Apollo's useMutation, as the generated hooks call it, with Apollo Client loaded when the
 * mutation is first sent rather than with the page (see DataSource). Same results and callbacks as
 * Apollo's own hook.
 */
export const useMutation = function useMutation(mutation: DocumentNode, options?: Options) {
  const source = useDataSource();
  const [result, setResult] = useState(() => initialResult(source.current()));
  const ref = useRef({ result, mutationId: 0, mounted: true, options, mutation });
  useEffect(() => {
    Object.assign(ref.current, { options, mutation });
  });
  useEffect(() => {
    const current = ref.current;
    current.mounted = true;
    return () => void (current.mounted = false);
  }, []);

  const show = (next: Result) => {
    if (ref.current.mounted) setResult((ref.current.result = next));
  };

  const send = async (executeOptions: Options = {}) => {
    const { options: base, mutation: document } = ref.current;
    if (!ref.current.result.loading) show({ loading: true, error: undefined, data: undefined, called: true, client: source.current() });
    const mutationId = ++ref.current.mutationId;
    const context = typeof executeOptions.context === 'function' ? (executeOptions.context as (c: unknown) => unknown)(base?.context) : executeOptions.context;
    const clientOptions = { ...base, ...executeOptions, ...(context === undefined ? {} : { context }), mutation: document };
    const onError = executeOptions.onError ?? ref.current.options?.onError;
    const onCompleted = executeOptions.onCompleted ?? ref.current.options?.onCompleted;
    let client: ApolloClient | null = null;
    let response: ApolloClient.MutateResult<unknown>;
    try {
      client = await source.load();
      response = await client.mutate(clientOptions as never);
    } catch (error) {
      if (mutationId === ref.current.mutationId) show({ loading: false, error, data: undefined, called: true, client });
      if (onError) onError(error, clientOptions);
      throw error;
    }
    if (response.error && onError) onError(response.error, clientOptions);
    if (mutationId === ref.current.mutationId) show({ called: true, loading: false, data: response.data, error: response.error, client });
    if (!response.error) onCompleted?.(response.data, clientOptions);
    return response;
  };
  const execute = useCallback(
    (executeOptions?: Options) => {
      const promise = send(executeOptions);
      // As Apollo's: a rejected mutation that nobody awaits is not an unhandled rejection.
      promise.catch(() => undefined);
      return promise;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [source],
  );
  const reset = useCallback(() => {
    ref.current.mutationId = 0;
    show(initialResult(source.current()));
  }, [source]);

  return [execute, { reset, ...result }];
} as unknown as typeof apolloUseMutation;
