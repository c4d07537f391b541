import { Alert, Box, Button, Card, Container, DataList, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ErrorState, FullScreenLoading } from '../../components/states';
import { formatDateTime, formatMoney } from '../../lib/format';
import { describeError, errorFacts } from '../../lib/graphql-errors';
import { useLanguage, useT } from '../../lib/i18n';
import { useGuardianPaymentQuery, usePayGuardianPaymentMutation } from './api/guardian.generated';
import { paths } from '../../lib/paths';

/** Kept for the page the gateway sends the guardian back to, which has no token in its address. */
const TOKEN_KEY = 'guardian-pay-token';

/**
 * A guardian's page, from the SMS a student had sent: who asked, for which course, at what price;
 * the guardian gives a name and pays on SSLCommerz's page (bKash, Nagad, Rocket or a card), with
 * no account. It shows nothing of the student but the first name.
 */
export default function GuardianPayPage() {
  const t = useT();
  const { language } = useLanguage();
  const { token = '' } = useParams();
  const { data, loading, error, refetch } = useGuardianPaymentQuery({ variables: { token }, fetchPolicy: 'network-only' });
  const [pay] = usePayGuardianPaymentMutation();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const attemptKey = useRef(crypto.randomUUID());

  if (loading && !data) return <FullScreenLoading />;
  if (error && !data) {
    if (errorFacts(error).code === 'GUARDIAN_PAYMENT_NOT_FOUND') return <Notice title={t('guardian.notFound')} status="error" />;
    return <ErrorState onRetry={() => void refetch()} />;
  }
  const link = data!.guardianPayment;
  const price = formatMoney(link.price, language);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setProblem(t('checkout.required'));
    setProblem(null);
    setLeaving(true);
    try {
      const { data: paid } = await pay({ variables: { input: { token, name: name.trim(), idempotencyKey: attemptKey.current } } });
      const outcome = paid!.payGuardianPayment;
      if (outcome.status === 'REQUIRES_ACTION' && outcome.redirectURL) {
        sessionStorage.setItem(TOKEN_KEY, token);
        window.location.assign(outcome.redirectURL);
        return;
      }
      setLeaving(false);
      setProblem(outcome.message ?? t('payment.failed'));
    } catch (failure) {
      setLeaving(false);
      attemptKey.current = crypto.randomUUID();
      const { message, fields } = describeError(failure, t);
      setProblem(fields.name ?? message);
      void refetch();
    }
  };

  return (
    <Container maxW="lg" py="6" px="4">
      <Stack gap="5">
        <Heading as="h1" size="xl">
          {t('guardian.title')}
        </Heading>
        <Card.Root>
          <Card.Body gap="3">
            <Text>{t('guardian.asked', { name: link.studentFirstName })}</Text>
            <Heading as="h2" size="md" data-testid="guardian-course">
              {link.courseName}
            </Heading>
            <Text fontSize="2xl" fontWeight="bold" data-testid="guardian-price">
              {price}
            </Text>
          </Card.Body>
        </Card.Root>
        {link.status === 'PAID' ? (
          <Receipt transactionId={link.transactionId} paidAt={link.paidAt} price={price} />
        ) : link.status === 'ENROLLED' ? (
          <Notice title={t('guardian.enrolled', { name: link.studentFirstName })} status="info" />
        ) : link.status === 'EXPIRED' ? (
          <Notice title={t('guardian.expired')} status="warning" />
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('guardian.title')}>
            <Stack gap="4">
              <Text color="fg.muted">{t('guardian.until', { when: formatDateTime(link.expiresAt, language) })}</Text>
              <Field.Root required invalid={Boolean(problem)}>
                <Field.Label>{t('guardian.name')}</Field.Label>
                <Input autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
                <Field.HelperText>{t('guardian.nameHelp')}</Field.HelperText>
                <Field.ErrorText>{problem}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" colorPalette="pink" size="lg" minH="48px" disabled={leaving}>
                {leaving ? t('checkout.local.opening') : t('guardian.pay', { price })}
              </Button>
              <Text fontSize="sm" color="fg.muted">
                {t('guardian.methods')}
              </Text>
            </Stack>
          </form>
        )}
      </Stack>
    </Container>
  );
}

function Receipt({ transactionId, paidAt, price }: { transactionId: string | null; paidAt: string | null; price: string }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Box>
        <Alert.Title>{t('guardian.paid')}</Alert.Title>
        <DataList.Root orientation="horizontal" mt="2" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>{t('guardian.amount')}</DataList.ItemLabel>
            <DataList.ItemValue>{price}</DataList.ItemValue>
          </DataList.Item>
          {transactionId && (
            <DataList.Item>
              <DataList.ItemLabel>{t('guardian.transaction')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="guardian-transaction">{transactionId}</DataList.ItemValue>
            </DataList.Item>
          )}
          {paidAt && (
            <DataList.Item>
              <DataList.ItemLabel>{t('guardian.paidAt')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(paidAt, language)}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
      </Box>
    </Alert.Root>
  );
}

function Notice({ title, status }: { title: string; status: 'error' | 'info' | 'warning' | 'success' }) {
  return (
    <Container maxW="lg" py="6" px="4">
      <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
        <Alert.Indicator />
        <Alert.Title>{title}</Alert.Title>
      </Alert.Root>
    </Container>
  );
}

/** Where the gateway sends the guardian back: how the payment went, and the receipt's page when this browser started it. */
export function GuardianPaidPage() {
  const t = useT();
  const [search] = useSearchParams();
  const token = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(TOKEN_KEY);
  const outcome = search.has('success') ? 'success' : search.has('held') || search.has('pending') ? 'pending' : search.has('canceled') ? 'canceled' : 'failed';
  return (
    <Container maxW="lg" py="6" px="4">
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {t('guardian.title')}
        </Heading>
        <Alert.Root status={outcome === 'success' ? 'success' : outcome === 'pending' ? 'info' : 'error'} role="status">
          <Alert.Indicator />
          <Alert.Title>{t(`guardian.outcome.${outcome}`)}</Alert.Title>
        </Alert.Root>
        {token && (
          <Button asChild variant="outline" size="lg" minH="48px">
            <a href={paths.guardianPay(token)}>{t(outcome === 'success' ? 'guardian.seeReceipt' : 'guardian.tryAgain')}</a>
          </Button>
        )}
      </Stack>
    </Container>
  );
}
