import { Alert, Badge, Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { WebhookEventType } from '../../gql/types';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { toaster } from '../../lib/toaster';
import { describeError } from '../../lib/graphql-errors';
import { formatDateTime } from '../../lib/format';
import { useLanguage, useT, type MessageKey } from '../../lib/i18n';
import { ALL_SCOPES, ApiKeysSection } from '../../components/api-keys/api-keys-section';
import { Choices, SecretOnce } from '../../components/api-keys/choices';
import {
  useCreateWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useEnableWebhookEndpointMutation,
  useSendTestWebhookMutation,
  useResendWebhookDeliveryMutation,
  useWebhookDeliveriesQuery,
  useWebhookEndpointsQuery,
  type WebhookEndpointRowFragment,
} from './api/integrations.generated';

const EVENTS: WebhookEventType[] = [
  'ENROLLMENT_CREATED',
  'ENROLLMENT_REFUNDED',
  'PAYMENT_SUCCEEDED',
  'PAYMENT_REFUNDED',
  'COURSE_PUBLISHED',
  'CERTIFICATE_ISSUED',
];
const eventKey = (event: WebhookEventType) => `admin.integrations.event.${event}` as MessageKey;
const DELIVERIES_PAGE = 10;
const statusPalette = { PENDING: 'orange', SUCCEEDED: 'green', FAILED: 'red' } as const;

function Deliveries({ endpointId }: { endpointId: string }) {
  const t = useT();
  const { language } = useLanguage();
  const { data, loading, error, refetch, fetchMore } = useWebhookDeliveriesQuery({
    variables: { endpointId, after: null, limit: DELIVERIES_PAGE },
    fetchPolicy: 'cache-and-network',
  });
  const [resend] = useResendWebhookDeliveryMutation();
  const [more, setMore] = useState<NonNullable<typeof data>['webhookDeliveries']['items']>([]);
  const [cursor, setCursor] = useState<{ endCursor: string | null; hasMore: boolean } | null>(null);
  if (loading && !data) return <InlineLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const page = data?.webhookDeliveries;
  const items = [...(page?.items ?? []), ...more];
  const next = cursor ?? { endCursor: page?.endCursor ?? null, hasMore: page?.hasMore ?? false };
  if (items.length === 0) return <EmptyState>{t('admin.integrations.noDeliveries')}</EmptyState>;
  return (
    <Stack gap="2">
      <Stack as="ul" listStyleType="none" gap="2">
        {items.map((delivery) => (
          <Box as="li" key={delivery.id} borderWidth="1px" borderRadius="md" p="2" data-testid="delivery-row">
            <HStack justify="space-between" wrap="wrap" gap="2">
              <HStack gap="2" wrap="wrap">
                <Badge colorPalette={statusPalette[delivery.status]}>{t(`admin.integrations.status.${delivery.status}`)}</Badge>
                <Text fontSize="sm">{t(eventKey(delivery.eventType))}</Text>
              </HStack>
              <Button
                size="xs"
                variant="outline"
                onClick={() =>
                  void resend({ variables: { id: delivery.id } }).then(
                    () => {
                      toaster.create({ title: t('admin.integrations.resent'), type: 'success' });
                      setMore([]);
                      setCursor(null);
                      return refetch();
                    },
                    () => toaster.create({ title: t('admin.integrations.failed'), type: 'error' }),
                  )
                }
              >
                {t('admin.integrations.resend')}
              </Button>
            </HStack>
            <Text fontSize="sm" color="gray.600" wordBreak="break-word">
              {t('admin.integrations.attempts', { count: delivery.attempts, when: formatDateTime(delivery.createdAt, language) })}
              {delivery.lastError && ` · ${delivery.lastError}`}
            </Text>
          </Box>
        ))}
      </Stack>
      {next.hasMore && next.endCursor && (
        <Button
          size="sm"
          variant="ghost"
          alignSelf="flex-start"
          onClick={() =>
            void fetchMore({ variables: { endpointId, after: next.endCursor, limit: DELIVERIES_PAGE } }).then((result) => {
              setMore((shown) => [...shown, ...result.data.webhookDeliveries.items]);
              setCursor({ endCursor: result.data.webhookDeliveries.endCursor ?? null, hasMore: result.data.webhookDeliveries.hasMore });
            })
          }
        >
          {t('admin.integrations.older')}
        </Button>
      )}
    </Stack>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpointRowFragment }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { language } = useLanguage();
  const [remove, { loading }] = useDeleteWebhookEndpointMutation({ refetchQueries: ['WebhookEndpoints'] });
  const [enable, enabling] = useEnableWebhookEndpointMutation();
  const [sendTest, testing] = useSendTestWebhookMutation();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const failed = () => toaster.create({ title: t('admin.integrations.failed'), type: 'error' });
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-testid="endpoint-row">
      <ConfirmDialog request={request} onClose={() => setRequest(null)} />
      <Stack gap="2">
        <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {endpoint.url}
        </Text>
        <HStack gap="1" wrap="wrap">
          {endpoint.events.map((event) => (
            <Badge key={event}>{t(eventKey(event))}</Badge>
          ))}
        </HStack>
        {endpoint.disabledAt ? (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Title>{t('admin.integrations.disabled', { when: formatDateTime(endpoint.disabledAt, language) })}</Alert.Title>
          </Alert.Root>
        ) : (
          endpoint.failingSince && (
            <Alert.Root status="warning" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t('admin.integrations.failingSince', { when: formatDateTime(endpoint.failingSince, language) })}</Alert.Title>
            </Alert.Root>
          )
        )}
        <HStack gap="2" wrap="wrap">
          <Button size="xs" variant="outline" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
            {t(open ? 'admin.integrations.hideDeliveries' : 'admin.integrations.showDeliveries')}
          </Button>
          {endpoint.disabledAt ? (
            <Button
              size="xs"
              variant="outline"
              loading={enabling.loading}
              onClick={() => void enable({ variables: { endpointId: endpoint.id } }).catch(failed)}
            >
              {t('admin.integrations.enable')}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="outline"
              loading={testing.loading}
              onClick={() =>
                void sendTest({ variables: { endpointId: endpoint.id } })
                  .then(() => toaster.create({ title: t('admin.integrations.testSent'), type: 'success' }))
                  .catch(failed)
              }
            >
              {t('admin.integrations.sendTest')}
            </Button>
          )}
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            loading={loading}
            onClick={() =>
              setRequest({
                title: t('admin.integrations.deleteTitle', { url: endpoint.url }),
                consequence: t('admin.integrations.deleteConsequence'),
                confirmLabel: t('admin.integrations.delete'),
                destructive: true,
                onConfirm: () => remove({ variables: { id: endpoint.id } }).catch(failed),
              })
            }
          >
            {t('admin.integrations.delete')}
          </Button>
        </HStack>
        {open && <Deliveries endpointId={endpoint.id} />}
      </Stack>
    </Box>
  );
}

function WebhooksSection() {
  const t = useT();
  const { data, loading, error, refetch } = useWebhookEndpointsQuery({ fetchPolicy: 'cache-and-network' });
  const [create, creating] = useCreateWebhookEndpointMutation({ refetchQueries: ['WebhookEndpoints'] });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['ENROLLMENT_CREATED']);
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const result = await create({ variables: { url, events } });
      setSecret(result.data?.createWebhookEndpoint.secret ?? null);
      setUrl('');
    } catch (caught) {
      setProblem(describeError(caught, t).message);
    }
  };
  return (
    <Stack as="section" gap="4" aria-labelledby="webhooks-heading">
      <Heading as="h2" size="lg" id="webhooks-heading">
        {t('admin.integrations.webhooks')}
      </Heading>
      <Text color="gray.700">{t('admin.integrations.webhooksHelp')}</Text>
      <Stack as="form" gap="3" onSubmit={(e) => void submit(e)} borderWidth="1px" borderRadius="md" p="4">
        <Field.Root required>
          <Field.Label>{t('admin.integrations.url')}</Field.Label>
          <Input type="url" value={url} onChange={(e) => setUrl(e.target.value)} maxLength={2048} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('admin.integrations.events')}</Field.Label>
          <Choices options={EVENTS} chosen={events} onChange={setEvents} label={(value) => t(eventKey(value))} />
        </Field.Root>
        {problem && (
          <Text role="alert" color="red.700">
            {problem}
          </Text>
        )}
        <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={creating.loading}>
          {t('admin.integrations.register')}
        </Button>
      </Stack>
      {secret && <SecretOnce secret={secret} />}
      {loading && !data ? (
        <InlineLoading />
      ) : error && !data ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : data?.webhookEndpoints.length === 0 ? (
        <EmptyState>{t('admin.integrations.noEndpoints')}</EmptyState>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2">
          {data?.webhookEndpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Admins' tools for other systems: API keys for servers and webhook endpoints with their deliveries. */
export default function IntegrationsPage() {
  const t = useT();
  return (
    <Stack gap="8" maxW="3xl">
      <Heading as="h1" size="xl">
        {t('admin.integrations.title')}
      </Heading>
      <ApiKeysSection scopes={ALL_SCOPES} />
      <WebhooksSection />
    </Stack>
  );
}
