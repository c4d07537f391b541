import { Badge, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-view';
import type { InboxKind } from '../../gql/types';
import { useAdminInboxQuery, useSetInboxHandledMutation } from './api/inbox.generated';
import { formatDateTime } from '../../lib/format';

const kinds: Array<{ kind: InboxKind; label: string }> = [
  { kind: 'COMPLAINT', label: 'Complaints' },
  { kind: 'CONTACT', label: 'Contact messages' },
  { kind: 'SUBSCRIPTION', label: 'Subscriptions' },
];
const PAGE_SIZE = 20;

/** What visitors sent, by kind, with a handled / not handled state. */
export default function InboxPage() {
  const [kind, setKind] = useState<InboxKind>('COMPLAINT');
  const [onlyOpen, setOnlyOpen] = useState(false);
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useAdminInboxQuery({
    variables: { kind, handled: onlyOpen ? false : null, offset, limit: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [setHandled] = useSetInboxHandledMutation();
  const page = (data ?? previousData)?.inbox;
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        Inbox
      </Heading>
      <HStack gap="2" wrap="wrap">
        {kinds.map((entry) => (
          <Button
            key={entry.kind}
            size="sm"
            variant={entry.kind === kind ? 'solid' : 'outline'}
            colorPalette="blue"
            aria-pressed={entry.kind === kind}
            onClick={() => {
              setKind(entry.kind);
              setOffset(0);
            }}
          >
            {entry.label}
          </Button>
        ))}
        <Button size="sm" variant={onlyOpen ? 'solid' : 'ghost'} aria-pressed={onlyOpen} onClick={() => setOnlyOpen((v) => !v)}>
          Only not handled
        </Button>
      </HStack>
      <PagedTable
        page={page}
        loading={loading}
        failed={Boolean(error)}
        onRetry={() => void refetch()}
        empty="Nothing here."
        onPage={setOffset}
        columns={['From', 'Message', 'State']}
        row={(item) => (
          <Table.Row key={item.id} data-testid="inbox-row">
            <Table.Cell>
              <Text fontWeight="semibold">From: {item.name ?? item.email}</Text>
              <Text fontSize="sm" color="gray.600">
                {item.email} {item.phone ? `· ${item.phone}` : ''}
              </Text>
              <Text fontSize="sm" color="gray.600" asChild>
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </Text>
            </Table.Cell>
            <Table.Cell>
              {item.subject && <Text fontWeight="semibold">{item.subject}</Text>}
              <Text whiteSpace="pre-line">{item.message ?? 'Subscribed to the newsletter'}</Text>
            </Table.Cell>
            <Table.Cell>
              <HStack gap="2">
                <Badge colorPalette={item.handled ? 'green' : 'orange'}>{item.handled ? 'Handled' : 'Not handled'}</Badge>
                <Button size="xs" variant="outline" onClick={() => void setHandled({ variables: { id: item.id, handled: !item.handled } }).then(() => refetch())}>
                  {item.handled ? 'Reopen' : 'Mark handled'}
                </Button>
              </HStack>
            </Table.Cell>
          </Table.Row>
        )}
      />
    </Stack>
  );
}
