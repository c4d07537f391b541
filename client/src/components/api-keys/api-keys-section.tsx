import { Badge, Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ApiScope } from '../../gql/types';
import { ConfirmDialog, type ConfirmRequest } from '../confirm-dialog';
import { EmptyState, ErrorState, InlineLoading } from '../states';
import { toaster } from '../../lib/toaster';
import { describeError } from '../../lib/graphql-errors';
import { formatDateTime } from '../../lib/format';
import { useLanguage, useT, type MessageKey } from '../../lib/i18n';
import { useApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation, type ApiKeyRowFragment } from './api-keys.generated';
import { Choices, SecretOnce } from './choices';

/** Every scope, for an admin's keys. */
export const ALL_SCOPES: readonly ApiScope[] = ['CATALOG_READ', 'ENROLLMENTS_READ', 'PAYMENTS_READ', 'ENROLLMENTS_WRITE', 'INSTRUCTOR_READ', 'PRACTICE_READ'];
/** An instructor's keys read the catalogue and their own courses' students and results. */
export const INSTRUCTOR_SCOPES: readonly ApiScope[] = ['CATALOG_READ', 'INSTRUCTOR_READ', 'PRACTICE_READ'];
const scopeKey = (scope: ApiScope) => `admin.integrations.scope.${scope}` as MessageKey;

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

/**
 * API keys of the signed-in account: make one with a name and scopes (its secret shown once), see
 * them with their last use, revoke one. An admin offers every scope, an instructor the scopes of
 * their own courses' data (the server holds the same rule: SCOPES_BY_ROLE).
 */
export function ApiKeysSection({
  scopes: offered,
  heading = 'h2',
  help = 'admin.integrations.apiKeysHelp',
}: {
  scopes: readonly ApiScope[];
  /** h1 when the keys are the page's only subject. */
  heading?: 'h1' | 'h2';
  help?: MessageKey;
}) {
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
      <Heading as={heading} size={heading === 'h1' ? 'xl' : 'lg'} id="api-keys-heading">
        {t('admin.integrations.apiKeys')}
      </Heading>
      <Text color="gray.700">{t(help)}</Text>
      <Stack as="form" gap="3" onSubmit={(e) => void submit(e)} borderWidth="1px" borderRadius="md" p="4">
        <Field.Root required>
          <Field.Label>{t('admin.integrations.keyName')}</Field.Label>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('admin.integrations.scopes')}</Field.Label>
          <Choices options={[...offered]} chosen={scopes} onChange={setScopes} label={(scope) => t(scopeKey(scope))} />
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
