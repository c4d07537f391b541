import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session-context';

/**
 * A picture served only to those signed in who may see it (a question under a lesson): fetched with
 * the sign-in, which an <img> address would not carry, and shown from memory. Null until it has come,
 * and when it could not be fetched.
 */
export function usePrivatePicture(address: string | null | undefined): string | null {
  const { session } = useSession();
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    setShown(null);
    if (!address) return;
    let kept: string | null = null;
    let current = true;
    const token = session.getToken();
    void fetch(address, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then(async (res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || !current || typeof URL.createObjectURL !== 'function') return;
        kept = URL.createObjectURL(blob);
        setShown(kept);
      })
      .catch(() => undefined);
    return () => {
      current = false;
      if (kept) URL.revokeObjectURL(kept);
    };
  }, [address, session]);
  return shown;
}
