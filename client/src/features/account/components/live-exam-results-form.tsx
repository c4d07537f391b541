import { Alert, Checkbox, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { describeError } from '../../../lib/graphql-errors';
import { useT } from '../../../lib/i18n';
import { toaster } from '../../../lib/toaster';
import { useMyLiveExamResultsQuery, useSetLiveExamResultsMutation } from '../api/profile.generated';

/** Edit Profile: whether live exams' results (score and rank) come by SMS or email once they close; yes by default. */
export function LiveExamResultsForm() {
  const t = useT();
  const { data } = useMyLiveExamResultsQuery({ fetchPolicy: 'cache-and-network' });
  const [save, saving] = useSetLiveExamResultsMutation();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (data?.myLiveExamResults === undefined) return null;
  const send = chosen ?? data.myLiveExamResults;
  const choose = async (wanted: boolean) => {
    setProblem(null);
    try {
      await save({ variables: { send: wanted } });
      setChosen(wanted);
      toaster.create({ title: t(wanted ? 'account.liveExamResults.on' : 'account.liveExamResults.off'), type: 'success' });
    } catch (failure) {
      setProblem(describeError(failure, t).message);
    }
  };
  return (
    <Stack gap="3" as="section" aria-labelledby="live-exam-results">
      <Heading as="h2" size="md" id="live-exam-results">
        {t('account.liveExamResults.title')}
      </Heading>
      <Checkbox.Root checked={send} disabled={saving.loading} onCheckedChange={(e) => void choose(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('account.liveExamResults.label')}</Checkbox.Label>
      </Checkbox.Root>
      {problem && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
