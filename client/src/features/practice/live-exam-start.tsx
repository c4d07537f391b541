import { Alert, Button, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { ReminderChannel } from '../../gql/types';
import { describeError } from '../../lib/graphql-errors';
import { formatDateTime } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { useCancelReminderMutation, useRemindMeMutation } from './api/practice.generated';
import { clock } from './practice-labels';

const CHANNELS: ReminderChannel[] = ['SMS', 'EMAIL'];

/** The time now, ticking every second until `until` (then it stops: nothing more changes). */
export function useNowUntil(until: Date | null): Date {
  const [now, setNow] = useState(() => new Date());
  const waiting = until !== null && until.getTime() > now.getTime();
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, [waiting]);
  return now;
}

/** Before a live exam opens: when it opens and a countdown to that moment, in the page's digits. */
export function Countdown({ opensAt, now }: { opensAt: Date; now: Date }) {
  const t = useT();
  const { language } = useLanguage();
  const seconds = Math.ceil((opensAt.getTime() - now.getTime()) / 1000);
  return (
    <Stack gap="1">
      <Text fontWeight="semibold">{t('practice.opensAt', { time: formatDateTime(opensAt.toISOString(), language) })}</Text>
      <Text fontSize="2xl" fontWeight="bold" role="timer" aria-live="off" data-testid="countdown">
        {t('practice.opensIn', { clock: clock(seconds, language) })}
      </Text>
    </Stack>
  );
}

/** "Remind me" of a live exam that has not opened: by SMS or email; once asked, the channel may change or the reminder be cancelled. */
export function RemindMe({ testId, reminder }: { testId: string; reminder: { channel: ReminderChannel } | null }) {
  const t = useT();
  const [channel, setChannel] = useState<ReminderChannel>(reminder?.channel ?? 'SMS');
  const [problem, setProblem] = useState<string | null>(null);
  const refetch = { refetchQueries: ['ModelTestDetails'], awaitRefetchQueries: true };
  const [remind, reminding] = useRemindMeMutation(refetch);
  const [cancel, cancelling] = useCancelReminderMutation(refetch);
  const run = async (action: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await action();
    } catch (failure) {
      setProblem(describeError(failure, t).message);
    }
  };
  const ask = (chosen: ReminderChannel) => run(() => remind({ variables: { testId, channel: chosen } }));
  const choose = (chosen: ReminderChannel) => {
    setChannel(chosen);
    // Once reminded, a new choice changes the reminder at once.
    if (reminder && chosen !== reminder.channel) void ask(chosen);
  };
  return (
    <Stack gap="3" as="section" aria-labelledby="remind-me" borderWidth="1px" borderRadius="md" p="3" data-testid="remind-me">
      <Text fontWeight="semibold" id="remind-me">
        {t('practice.remind.title')}
      </Text>
      <Text fontSize="sm" color="gray.700">
        {reminder ? t(reminder.channel === 'SMS' ? 'practice.remind.doneSMS' : 'practice.remind.doneEMAIL') : t('practice.remind.help')}
      </Text>
      <RadioGroup.Root value={channel} onValueChange={(e) => choose(e.value as ReminderChannel)} aria-labelledby="remind-me">
        <HStack gap="4" flexWrap="wrap">
          {CHANNELS.map((choice) => (
            <RadioGroup.Item key={choice} value={choice}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`practice.remind.${choice}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
      {problem && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      {reminder ? (
        <Button variant="outline" onClick={() => void run(() => cancel({ variables: { testId } }))} loading={cancelling.loading}>
          {t('practice.remind.cancel')}
        </Button>
      ) : (
        <Button colorPalette="blue" variant="outline" onClick={() => void ask(channel)} loading={reminding.loading}>
          {t('practice.remind.button')}
        </Button>
      )}
    </Stack>
  );
}
