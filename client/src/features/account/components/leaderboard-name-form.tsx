import { Alert, Fieldset, Heading, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { LeaderboardName } from '../../../gql/types';
import { describeError } from '../../../lib/graphql-errors';
import { useT } from '../../../lib/i18n';
import { toaster } from '../../../lib/toaster';
import { useMyLeaderboardNameQuery, useSetLeaderboardNameMutation } from '../api/profile.generated';

const CHOICES: LeaderboardName[] = ['FIRST_NAME_AND_INITIAL', 'FULL_NAME', 'NONE'];

const PREFIXES = new Set(['md', 'md.', 'mst', 'mst.', 'mohd', 'mohd.', 'মোঃ', 'মো.', 'মোহাঃ', 'মোছাঃ', 'মোসাঃ', 'মিসেস', 'mrs', 'mrs.', 'mr', 'mr.']);

/** "Rahim Uddin" → "Rahim U.", "মোঃ করিম হাসান" → "করিম হ.", as the server writes names on leaderboards. */
export function initialForm(name: string): string {
  let words = name.normalize('NFC').trim().split(/\s+/u).filter(Boolean);
  while (words.length > 1 && PREFIXES.has(words[0].toLowerCase())) words = words.slice(1);
  if (words.length <= 1) return words[0] ?? '';
  const [initial] = new Intl.Segmenter('bn', { granularity: 'grapheme' }).segment(words[words.length - 1]);
  return `${words[0]} ${initial.segment.replace(/[\u0981-\u0983\u09BE-\u09C4\u09C7\u09C8\u09CB\u09CC\u09D7]/gu, '')}.`;
}

/** Edit Profile: how the student's name appears on public leaderboards (first name and initial by default, full name, or none). */
export function LeaderboardNameForm() {
  const t = useT();
  const { data } = useMyLeaderboardNameQuery({ fetchPolicy: 'cache-and-network' });
  const [save] = useSetLeaderboardNameMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<LeaderboardName | null>(null);
  if (!data?.me) return null;
  const name = data.me.name;
  const choose = async (shown: LeaderboardName) => {
    setProblem(null);
    try {
      await save({ variables: { shown } });
      setChosen(shown);
      toaster.create({ title: t('account.leaderboard.saved'), type: 'success' });
    } catch (failure) {
      setProblem(describeError(failure, t).message);
    }
  };
  const example = (choice: LeaderboardName) => (choice === 'FULL_NAME' ? name : choice === 'NONE' ? t('account.leaderboard.anonymous') : initialForm(name));
  return (
    <Stack gap="3" as="section" aria-labelledby="leaderboard-name">
      <Heading as="h2" size="md" id="leaderboard-name">
        {t('account.leaderboard.title')}
      </Heading>
      <Text color="gray.700" fontSize="sm">
        {t('account.leaderboard.help')}
      </Text>
      <Fieldset.Root>
        <RadioGroup.Root
          value={chosen ?? data.myLeaderboardName}
          onValueChange={(e) => void choose(e.value as LeaderboardName)}
          aria-labelledby="leaderboard-name"
        >
          <Stack gap="3">
            {CHOICES.map((choice) => (
              <RadioGroup.Item key={choice} value={choice}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t(`account.leaderboard.${choice}`, { example: example(choice) })}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </Fieldset.Root>
      {problem && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
