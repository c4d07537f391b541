import { Badge, Box, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PagedView } from '../../components/paged-view';
import { useAuditLogQuery, type AuditLogQuery } from './api/audit-log.generated';

type AuditAction = AuditLogQuery['auditLog']['items'][number]['action'];
type AuditItem = AuditLogQuery['auditLog']['items'][number];

const PAGE_SIZE = 20;

export const auditActionLabels: Record<AuditAction, string> = {
  MAKE_ADMIN: 'Made admin',
  REMOVE_ADMIN: 'Removed admin',
  CLOSE_ACCOUNT: 'Closed account',
  REFUND_ENROLLMENT: 'Refunded',
  CREATE_COURSE: 'Created course',
  UPDATE_COURSE: 'Edited course',
  PUBLISH_COURSE: 'Published course',
  UNPUBLISH_COURSE: 'Unpublished course',
  DELETE_COURSE: 'Deleted course',
  SUBMIT_COURSE_FOR_REVIEW: 'Sent course for review',
  APPROVE_COURSE_REVIEW: 'Approved instructor',
  REJECT_COURSE_REVIEW: 'Sent course back',
  APPROVE_HELD_PAYMENT: 'Approved held payment',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The entry's facts in words: `amountCents` as dollars, lists joined, the rest as given. */
export function describeDetail(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => {
      if (key === 'amountCents' && typeof value === 'number') return `amount: $${(value / 100).toFixed(2)}`;
      if (Array.isArray(value)) return `${key}: ${value.length ? value.join(', ') : 'none'}`;
      return `${key}: ${String(value)}`;
    })
    .join(' · ');
}

function AuditRow({ entry }: { entry: AuditItem }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-testid="audit-row">
      <Stack gap="1">
        <Box display="flex" flexWrap="wrap" gap="2" alignItems="center" justifyContent="space-between">
          <Badge colorPalette="blue">{auditActionLabels[entry.action]}</Badge>
          <Text asChild fontSize="sm" color="gray.600">
            <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
          </Text>
        </Box>
        <Text fontSize="sm" wordBreak="break-word">
          By {entry.actorEmail} from {entry.address}
        </Text>
        <Text fontSize="sm" color="gray.700" wordBreak="break-word">
          {entry.targetType.toLowerCase()} {entry.targetId}
          {Object.keys(entry.detail).length > 0 && ` · ${describeDetail(entry.detail)}`}
        </Text>
      </Stack>
    </Box>
  );
}

/** What admins and instructors did, newest first, paged, optionally of one kind. */
export default function AuditLogPage() {
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
        Audit log
      </Heading>
      <NativeSelect.Root size="sm" maxW="xs">
        <NativeSelect.Field
          aria-label="Action"
          value={action ?? ''}
          onChange={(e) => {
            setAction((e.target.value || null) as AuditAction | null);
            setOffset(0);
          }}
        >
          <option value="">All actions</option>
          {Object.entries(auditActionLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <PagedView page={page} loading={loading} failed={Boolean(error)} onRetry={() => void refetch()} empty="No actions recorded yet." onPage={setOffset}>
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
