import { Badge, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import type { InboxKind } from '../../gql/types';
import { useAdminInboxQuery, useSetInboxHandledMutation } from './api/inbox.generated';
import { formatDateTime } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';

const kinds: InboxKind[] = ['COMPLAINT', 'CONTACT', 'SUBSCRIPTION'];
const PAGE_SIZE = 20;

/** What visitors sent, by kind, with a handled / not handled state. */
export default function InboxPage() {
  const t = useT();
  const { language } = useLanguage();
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
        {t('admin.inbox.title')}
      </Heading>
      <HStack gap="2" wrap="wrap">
        {kinds.map((entry) => (
          <Button
            key={entry}
            size="sm"
            variant={entry === kind ? 'solid' : 'outline'}
            colorPalette="blue"
            aria-pressed={entry === kind}
            onClick={() => {
              setKind(entry);
              setOffset(0);
            }}
          >
            {t(`admin.inbox.${entry}`)}
          </Button>
        ))}
        <Button size="sm" variant={onlyOpen ? 'solid' : 'ghost'} aria-pressed={onlyOpen} onClick={() => setOnlyOpen((v) => !v)}>
          {t('admin.inbox.onlyOpen')}
        </Button>
      </HStack>
      <PagedTable
        page={page}
        loading={loading}
        failed={Boolean(error)}
        onRetry={() => void refetch()}
        empty={t('admin.inbox.empty')}
        onPage={setOffset}
        columns={[t('admin.inbox.colFrom'), t('admin.inbox.colMessage'), t('admin.inbox.colState')]}
        row={(item) => (
          <Table.Row key={item.id} data-testid="inbox-row">
            <Table.Cell>
              <Text fontWeight="semibold">{t('admin.inbox.from', { name: item.name ?? item.email })}</Text>
              <Text fontSize="sm" color="gray.600">
                {item.email} {item.phone ? `· ${item.phone}` : ''}
              </Text>
              <Text fontSize="sm" color="gray.600" asChild>
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, language)}</time>
              </Text>
            </Table.Cell>
            <Table.Cell>
              {item.subject && <Text fontWeight="semibold">{item.subject}</Text>}
              <Text whiteSpace="pre-line">{item.message ?? t('admin.inbox.subscribed')}</Text>
            </Table.Cell>
            <Table.Cell>
              <HStack gap="2">
                <Badge colorPalette={item.handled ? 'green' : 'orange'}>{item.handled ? t('admin.inbox.handled') : t('admin.inbox.notHandled')}</Badge>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => void setHandled({ variables: { id: item.id, handled: !item.handled } }).then(() => refetch())}
                >
                  {item.handled ? t('admin.inbox.reopen') : t('admin.inbox.markHandled')}
                </Button>
              </HStack>
            </Table.Cell>
          </Table.Row>
        )}
      />
    </Stack>
  );
}
