import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A change of some search parameters: a value sets one, `undefined` removes it. */
export type SearchChanges = Record<string, string | undefined>;

/**
 * The address's search parameters and a way to change some of them, each change building on the
 * ones before it. The router draws a new address in a transition, so two changes in a row (a
 * section click, then a select before the page has drawn the section) would otherwise both start
 * from the old address, and the second would undo the first.
 */
export function useSearchChanges(): [URLSearchParams, (changes: SearchChanges) => void] {
  const [params, setParams] = useSearchParams();
  const shown = params.toString();
  /** Addresses asked for and not drawn yet, oldest first. */
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    // Drawn: this one and those asked for before it; an address nobody here asked for (a link,
    // Back) leaves nothing pending.
    const at = pending.current.indexOf(shown);
    pending.current = at >= 0 ? pending.current.slice(at + 1) : [];
  }, [shown]);

  const change = useCallback(
    (changes: SearchChanges) => {
      const next = new URLSearchParams(pending.current.at(-1) ?? shown);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      pending.current = [...pending.current, next.toString()];
      setParams(next);
    },
    [setParams, shown],
  );
  return [params, change];
}
