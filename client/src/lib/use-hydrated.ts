import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and until the scripts have taken the page over. Forms that carry a
 * password keep their submit button off until then: a form sent by the browser itself would put
 * the password in the address.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
