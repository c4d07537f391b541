import { Badge, Box, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { PagedView } from '../../components/paged-view';
import { useAuditLogQuery, type AuditLogQuery } from './api/audit-log.generated';
import { formatDateTime } from '../../lib/format';
import { useLanguage, useT, type MessageKey } from '../../lib/i18n';

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
        <Text fontSize="sm" color="gray.700" overflowWrap="anywhere" data-testid="audit-summary">
          {entry.summary}
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
  // The server writes each entry's sentence in the page's language: a switch asks for them again.
  const { language } = useLanguage();
  const shownIn = useRef(language);
  useEffect(() => {
    if (shownIn.current === language) return;
    shownIn.current = language;
    void refetch();
  }, [language, refetch]);
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
