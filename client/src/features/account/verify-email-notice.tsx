import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session-context';

// Loaded only for the few who need it, so every other visit keeps its first download small.
const VerifyEmailBanner = lazy(() => import('./components/verify-email-banner'));

/** Shows the "confirm your email" banner to a signed-in person whose address is not confirmed. */
export function VerifyEmailNotice() {
  const { state } = useSession();
  // An account made with a mobile number has no email to confirm (its number was confirmed by its code).
  if (state.status !== 'signedIn' || state.user.emailVerified || !state.user.email) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailBanner email={state.user.email} />
    </Suspense>
  );
}
