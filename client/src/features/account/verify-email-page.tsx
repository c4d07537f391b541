import { Button, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { useVerifyEmailMutation } from './api/verification.generated';
import { AuthCard } from './components/auth-card';
import { useT } from '../../lib/i18n';

/** The page the confirmation email links to: confirms the address once, then says so. */
export default function VerifyEmailPage() {
  const t = useT();
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
      .catch((failure: unknown) => setOutcome({ ok: false, message: describeError(failure, t).message }));
  }, [token, verify, session, t]);

  if (!token) {
    return (
      <AuthCard title={t('account.verify.title')}>
        <Text>{t('account.verify.noToken')}</Text>
      </AuthCard>
    );
  }
  if (!outcome) {
    return (
      <AuthCard title={t('account.verify.title')}>
        <Spinner aria-label={t('account.verify.confirming')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={outcome.ok ? t('account.verify.confirmedTitle') : t('account.verify.title')}>
      <Text role={outcome.ok ? 'status' : 'alert'}>{outcome.ok ? t('account.verify.confirmed') : outcome.message}</Text>
      <Button asChild colorPalette="blue">
        <RouterLink to={paths.home}>{t('account.goHome')}</RouterLink>
      </Button>
    </AuthCard>
  );
}
