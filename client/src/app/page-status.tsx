import { createContext, useContext } from 'react';

/** What a page found while the server drew it: whether the record its address names exists. */
export interface PageStatus {
  notFound: boolean;
}

/** Given only by the server's render (server-entry.tsx); in the browser there is nobody to tell. */
export const PageStatusContext = createContext<PageStatus | null>(null);

/**
 * Called by a page whose record does not exist (an unknown course or blog post): the server then
 * answers 404, as for an unknown address, while the page still says so in words.
 */
export function useRecordNotFound(missing: boolean): void {
  const status = useContext(PageStatusContext);
  if (status && missing) status.notFound = true;
}
