import { Button, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { useVerifyEmailMutation } from './api/verification.generated';
import { AuthCard } from './components/auth-card';

/** The page the confirmation email links to: confirms the address once, then says so. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { session } = useSession();
  const [verify] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; message: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit: the link is single-use, and a second try would say it is invalid.
    if (!token || sent.current) return;
    sent.current = true;
    verify({ variables: { token } })
      .then(() => {
        setOutcome({ ok: true });
        session.updateUser({ emailVerified: true });
      })
      .catch((failure: unknown) => setOutcome({ ok: false, message: describeError(failure).message }));
  }, [token, verify, session]);

  if (!token) {
    return (
      <AuthCard title="Confirm your email">
        <Text>This link has no confirmation code. Open the link from the email again, or ask for a new one from your profile.</Text>
      </AuthCard>
    );
  }
  if (!outcome) {
    return (
      <AuthCard title="Confirm your email">
        <Spinner aria-label="Confirming your email" />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={outcome.ok ? 'Email confirmed' : 'Confirm your email'}>
      <Text role={outcome.ok ? 'status' : 'alert'}>{outcome.ok ? 'Thank you: your email address is confirmed.' : outcome.message}</Text>
      <Button asChild colorPalette="blue">
        <RouterLink to={paths.home}>Go to the home page</RouterLink>
      </Button>
    </AuthCard>
  );
}
