import { Badge, Box, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PagedView } from '../../components/paged-view';
import { useAuditLogQuery, type AuditLogQuery } from './api/audit-log.generated';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLanguage, useT, type MessageKey } from '../../lib/i18n';
import type { Language } from '../../lib/i18n/languages';

type AuditAction = AuditLogQuery['auditLog']['items'][number]['action'];
type AuditItem = AuditLogQuery['auditLog']['items'][number];

const PAGE_SIZE = 20;

const AUDIT_ACTIONS: AuditAction[] = [
  'MAKE_ADMIN',
  'REMOVE_ADMIN',
  'CLOSE_ACCOUNT',
  'REFUND_ENROLLMENT',
  'CREATE_COURSE',
  'UPDATE_COURSE',
  'PUBLISH_COURSE',
  'UNPUBLISH_COURSE',
  'DELETE_COURSE',
  'SUBMIT_COURSE_FOR_REVIEW',
  'APPROVE_COURSE_REVIEW',
  'REJECT_COURSE_REVIEW',
  'APPROVE_HELD_PAYMENT',
  'REOPEN_ACCOUNT',
  'CREATE_API_KEY',
  'REVOKE_API_KEY',
  'CREATE_WEBHOOK_ENDPOINT',
  'DELETE_WEBHOOK_ENDPOINT',
  'RESEND_WEBHOOK_DELIVERY',
  'ENROLL_STUDENT',
];
const actionKey = (action: AuditAction) => `admin.audit.${action}` as MessageKey;

/** The entry's facts in words: `amountCents` in its `currency` (dollars for entries older than that), lists joined, the rest as given. */
export function describeDetail(detail: Record<string, unknown>, language: Language = 'en'): string {
  const currency = detail.currency === 'bdt' ? 'bdt' : 'usd';
  return Object.entries(detail)
    .filter(([key]) => key !== 'currency' || typeof detail.amountCents !== 'number')
    .map(([key, value]) => {
      if (key === 'amountCents' && typeof value === 'number') return `amount: ${formatMoney({ amount: value, currency }, language)}`;
      if (Array.isArray(value)) return `${key}: ${value.length ? value.join(', ') : 'none'}`;
      return `${key}: ${String(value)}`;
    })
    .join(' · ');
}

function AuditRow({ entry }: { entry: AuditItem }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-testid="audit-row">
      <Stack gap="1">
        <Box display="flex" flexWrap="wrap" gap="2" alignItems="center" justifyContent="space-between">
          <Badge colorPalette="blue">{t(actionKey(entry.action))}</Badge>
          <Text asChild fontSize="sm" color="gray.600">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, language)}</time>
          </Text>
        </Box>
        <Text fontSize="sm" wordBreak="break-word">
          {t('admin.audit.by', { email: entry.actorEmail, address: entry.address })}
        </Text>
        <Text fontSize="sm" color="gray.700" wordBreak="break-word">
          {entry.targetType.toLowerCase()} {entry.targetId}
          {Object.keys(entry.detail).length > 0 && ` · ${describeDetail(entry.detail, language)}`}
        </Text>
      </Stack>
    </Box>
  );
}

/** What admins and instructors did, newest first, paged, optionally of one kind. */
export default function AuditLogPage() {
  const t = useT();
  const [action, setAction] = useState<AuditAction | null>(null);
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useAuditLogQuery({
    variables: { action, offset, limit: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.auditLog;
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t('admin.audit.title')}
      </Heading>
      <NativeSelect.Root size="sm" maxW="xs">
        <NativeSelect.Field
          aria-label={t('admin.audit.action')}
          value={action ?? ''}
          onChange={(e) => {
            setAction((e.target.value || null) as AuditAction | null);
            setOffset(0);
          }}
        >
          <option value="">{t('admin.audit.allActions')}</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {t(actionKey(value))}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <PagedView page={page} loading={loading} failed={Boolean(error)} onRetry={() => void refetch()} empty={t('admin.audit.empty')} onPage={setOffset}>
        {(items) => (
          <Stack as="ul" listStyleType="none" gap="2">
            {items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
      </PagedView>
    </Stack>
  );
}
