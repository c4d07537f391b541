import { Alert, Button, Container, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { WithChakra } from '../../../app/chakra';
import { describeError } from '../../../lib/graphql-errors';
import { toaster } from '../../../lib/toaster';
import { useResendVerificationEmailMutation } from '../api/verification.generated';
import { useT } from '../../../lib/i18n';

/** For a signed-in person whose address is not confirmed yet: a reminder with "Resend". Buying is not blocked. */
function Banner({ email }: { email: string }) {
  const t = useT();
  const [resend, { loading }] = useResendVerificationEmailMutation();
  const [sent, setSent] = useState(false);
  const send = async () => {
    try {
      await resend();
      setSent(true);
      toaster.create({ title: t('account.verify.resent', { email }), type: 'success' });
    } catch (failure) {
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    }
  };
  return (
    <Alert.Root status="info" borderRadius="0" data-testid="verify-email-banner">
      <Container maxW="6xl" px="0">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2" align="start" minW="0">
            <Alert.Indicator />
            {/* A long address breaks where it must, so the banner fits a phone. */}
            <Text minW="0" overflowWrap="anywhere">
              {t('account.verify.banner', { email })}
            </Text>
          </HStack>
          <Button size="sm" minH="44px" variant="outline" onClick={() => void send()} loading={loading} disabled={sent}>
            {sent ? t('account.verify.sent') : t('account.verify.resend')}
          </Button>
        </HStack>
      </Container>
    </Alert.Root>
  );
}

/** Drawn above any page, the home page too, which is drawn without Chakra's run-time: it brings it. */
export default function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <WithChakra>
      <Banner email={email} />
    </WithChakra>
  );
}
