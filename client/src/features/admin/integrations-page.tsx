import { Alert, Badge, Box, Button, Checkbox, Code, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ApiScope, WebhookEventType } from '../../gql/types';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { toaster } from '../../lib/toaster';
import { describeError } from '../../lib/graphql-errors';
import { formatDateTime } from '../../lib/format';
import { useLanguage, useT, type MessageKey } from '../../lib/i18n';
import {
  useApiKeysQuery,
  useCreateApiKeyMutation,
  useCreateWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useEnableWebhookEndpointMutation,
  useSendTestWebhookMutation,
  useResendWebhookDeliveryMutation,
  useRevokeApiKeyMutation,
  useWebhookDeliveriesQuery,
  useWebhookEndpointsQuery,
  type ApiKeyRowFragment,
  type WebhookEndpointRowFragment,
} from './api/integrations.generated';

const SCOPES: ApiScope[] = ['CATALOG_READ', 'ENROLLMENTS_READ', 'PAYMENTS_READ', 'ENROLLMENTS_WRITE', 'INSTRUCTOR_READ', 'PRACTICE_READ'];
const EVENTS: WebhookEventType[] = [
  'ENROLLMENT_CREATED',
  'ENROLLMENT_REFUNDED',
  'PAYMENT_SUCCEEDED',
  'PAYMENT_REFUNDED',
  'COURSE_PUBLISHED',
  'CERTIFICATE_ISSUED',
];
const scopeKey = (scope: ApiScope) => `admin.integrations.scope.${scope}` as MessageKey;
const eventKey = (event: WebhookEventType) => `admin.integrations.event.${event}` as MessageKey;
const DELIVERIES_PAGE = 10;

/** Choices shown as checkboxes: the chosen ones, kept in order. */
function Choices<T extends string>({
  options,
  chosen,
  onChange,
  label,
}: {
  options: T[];
  chosen: T[];
  onChange: (next: T[]) => void;
  label: (value: T) => string;
}) {
  return (
    <Stack gap="2">
      {options.map((option) => (
        <Checkbox.Root
          key={option}
          checked={chosen.includes(option)}
          onCheckedChange={(e) => onChange(e.checked === true ? [...chosen, option] : chosen.filter((value) => value !== option))}
          colorPalette="blue"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{label(option)}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}

/** A secret shown once, right after it was made. */
function SecretOnce({ secret }: { secret: string }) {
  const t = useT();
  return (
    <Alert.Root status="warning" data-testid="secret-once">
      <Alert.Indicator />
      <Alert.Content minW="0">
        <Alert.Title>{t('admin.integrations.secretOnce')}</Alert.Title>
        <Alert.Description>
          <Code wordBreak="break-all" whiteSpace="normal" display="block" mt="2" p="2">
            {secret}
          </Code>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function ApiKeyItem({ apiKey }: { apiKey: ApiKeyRowFragment }) {
  const t = useT();
  const { language } = useLanguage();
  const [revoke, { loading }] = useRevokeApiKeyMutation();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-testid="api-key-row">
      <ConfirmDialog request={request} onClose={() => setRequest(null)} />
      <Stack gap="1">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold" wordBreak="break-word">
            {apiKey.name}
          </Text>
          {apiKey.revokedAt ? (
            <Badge colorPalette="red">{t('admin.integrations.revoked')}</Badge>
          ) : (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              loading={loading}
              onClick={() =>
                setRequest({
                  title: t('admin.integrations.revokeTitle', { name: apiKey.name }),
                  consequence: t('admin.integrations.revokeConsequence'),
                  confirmLabel: t('admin.integrations.revoke'),
                  destructive: true,
                  onConfirm: () =>
                    revoke({ variables: { id: apiKey.id } }).catch(() => toaster.create({ title: t('admin.integrations.failed'), type: 'error' })),
                })
              }
            >
              {t('admin.integrations.revoke')}
            </Button>
          )}
        </HStack>
        <Text fontSize="sm" fontFamily="mono">
          {apiKey.prefix}…
        </Text>
        <HStack gap="1" wrap="wrap">
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} colorPalette="blue">
              {t(scopeKey(scope))}
            </Badge>
          ))}
        </HStack>
        <Text fontSize="sm" color="gray.600">
          {apiKey.lastUsedAt ? t('admin.integrations.lastUsed', { when: formatDateTime(apiKey.lastUsedAt, language) }) : t('admin.integrations.neverUsed')}
        </Text>
      </Stack>
    </Box>
  );
}

function ApiKeysSection() {
  const t = useT();
  const { data, loading, error, refetch } = useApiKeysQuery({ fetchPolicy: 'cache-and-network' });
  const [create, creating] = useCreateApiKeyMutation({ refetchQueries: ['ApiKeys'] });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['CATALOG_READ']);
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const result = await create({ variables: { name, scopes } });
      setSecret(result.data?.createApiKey.secret ?? null);
      setName('');
    } catch (caught) {
      setProblem(describeError(caught, t).message);
    }
  };
  return (
    <Stack as="section" gap="4" aria-labelledby="api-keys-heading">
      <Heading as="h2" size="lg" id="api-keys-heading">
        {t('admin.integrations.apiKeys')}
      </Heading>
      <Text color="gray.700">{t('admin.integrations.apiKeysHelp')}</Text>
      <Stack as="form" gap="3" onSubmit={(e) => void submit(e)} borderWidth="1px" borderRadius="md" p="4">
        <Field.Root required>
          <Field.Label>{t('admin.integrations.keyName')}</Field.Label>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('admin.integrations.scopes')}</Field.Label>
          <Choices options={SCOPES} chosen={scopes} onChange={setScopes} label={(scope) => t(scopeKey(scope))} />
        </Field.Root>
        {problem && (
          <Text role="alert" color="red.700">
            {problem}
          </Text>
        )}
        <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={creating.loading}>
          {t('admin.integrations.createKey')}
        </Button>
      </Stack>
      {secret && <SecretOnce secret={secret} />}
      {loading && !data ? (
        <InlineLoading />
      ) : error && !data ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : data?.apiKeys.length === 0 ? (
        <EmptyState>{t('admin.integrations.noKeys')}</EmptyState>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2">
          {data?.apiKeys.map((apiKey) => (
            <ApiKeyItem key={apiKey.id} apiKey={apiKey} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

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
      <ApiKeysSection />
      <WebhooksSection />
    </Stack>
  );
}
