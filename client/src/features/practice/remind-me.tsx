import { Alert, Button, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { WithChakra } from '../../app/chakra';
import type { ReminderChannel } from '../../gql/types';
import { describeError } from '../../lib/graphql-errors';
import { useT } from '../../lib/i18n';
import { useCancelReminderMutation, useRemindMeMutation } from './api/practice.generated';

const CHANNELS: ReminderChannel[] = ['SMS', 'EMAIL'];

/** "Remind me" of a live exam that has not opened: by SMS or email; once asked, the channel may change or the reminder be cancelled. */
/** Drawn with Chakra's components, which come with this code (the test's page is plain). */
export default function RemindMe(props: { testId: string; reminder: { channel: ReminderChannel } | null }) {
  return (
    <WithChakra>
      <RemindMeForm {...props} />
    </WithChakra>
  );
}

function RemindMeForm({ testId, reminder }: { testId: string; reminder: { channel: ReminderChannel } | null }) {
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
