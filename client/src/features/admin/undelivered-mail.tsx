import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PagedView } from '../../components/paged-view';
import { formatDateTime } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { toaster } from '../../lib/toaster';
import { useLanguage, useT } from '../../lib/i18n';
import { useSendMailAgainMutation, useUndeliveredMailQuery, type UndeliveredMailQuery } from './api/mail.generated';

const PAGE_SIZE = 10;
type Mail = UndeliveredMailQuery['undeliveredMail']['items'][number];

function MailRow({ mail, onSent }: { mail: Mail; onSent: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const [sendAgain, { loading }] = useSendMailAgainMutation();
  const send = async () => {
    try {
      await sendAgain({ variables: { id: mail.id } });
      toaster.create({ title: t('admin.mail.queued'), type: 'success' });
      onSent();
    } catch (failure) {
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    }
  };
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p="3" data-testid="undelivered-mail">
      <Stack gap="1">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold" wordBreak="break-word">
            {mail.subject}
          </Text>
          <Badge colorPalette={mail.gaveUpAt ? 'red' : 'orange'}>{mail.gaveUpAt ? t('admin.mail.gaveUp') : t('admin.mail.retrying')}</Badge>
        </HStack>
        <Text fontSize="sm" wordBreak="break-all">
          {t('admin.mail.to', { to: mail.to, date: formatDateTime(mail.createdAt, language) })}
        </Text>
        <Text fontSize="sm" color="gray.700">
          {t('admin.mail.attempts', { count: mail.failedAttempts })}
          {mail.lastError ? ` · ${mail.lastError}` : ''}
        </Text>
        {mail.gaveUpAt && (
          <Button size="sm" minH="44px" variant="outline" alignSelf="flex-start" loading={loading} onClick={() => void send()}>
            {t('admin.mail.sendAgain')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** Mail the SMTP server has not accepted yet: retrying, or given up (then an admin may send it again). */
export function UndeliveredMail() {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useUndeliveredMailQuery({
    variables: { offset, limit: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.undeliveredMail;
  return (
    <Stack gap="2" as="section" aria-labelledby="undelivered-mail-title">
      <Heading as="h2" size="md" id="undelivered-mail-title">
        {t('admin.mail.title')}
      </Heading>
      <Text fontSize="sm" color="gray.700">
        {t('admin.mail.text')}
      </Text>
      <PagedView page={page} loading={loading} failed={Boolean(error)} onRetry={() => void refetch()} empty={t('admin.mail.empty')} onPage={setOffset}>
        {(items) => (
          <Stack as="ul" gap="2" p="0" m="0">
            {items.map((mail) => (
              <MailRow key={mail.id} mail={mail} onSent={() => void refetch()} />
            ))}
          </Stack>
        )}
      </PagedView>
    </Stack>
  );
}
