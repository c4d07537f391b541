import { Alert, Button, Card, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PagedView } from '../../components/paged-view';
import { formatDigits } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { usePractiseSavedQuestionsMutation, useSavedQuestionsQuery, useUnsaveQuestionMutation } from './api/practice.generated';
import { MathText } from './math-text';
import { QuestionPicture } from '../../components/picture/question-picture';
import { BoardTagBadge } from './board-tag';

const PAGE = 10;
const LETTERS = 'কখগঘঙচ';

/** /practice/saved: the student's saved questions (সংরক্ষিত প্রশ্ন), practised again in one tap, each removable. */
export default function SavedQuestionsPage() {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useSavedQuestionsQuery({ variables: { offset, limit: PAGE }, fetchPolicy: 'cache-and-network' });
  const [practise, starting] = usePractiseSavedQuestionsMutation();
  const [unsave] = useUnsaveQuestionMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const page = (data ?? previousData)?.savedQuestions;
  const begin = async () => {
    setProblem(null);
    try {
      const result = await practise({ variables: { count: 30 } });
      if (result.data) void navigate(paths.attempt(result.data.practiseSavedQuestions.id));
    } catch (failure) {
      setProblem(describeError(failure, t).message);
    }
  };
  const remove = async (questionId: string) => {
    try {
      await unsave({ variables: { questionId } });
      await refetch();
    } catch (failure) {
      setProblem(describeError(failure, t).message);
    }
  };
  return (
    <Container maxW="3xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h1" size="xl">
            {t('practice.self.savedTitle')}
          </Heading>
          <Link asChild color="blue.700" alignSelf="start">
            <RouterLink to={paths.practice}>{t('practice.self.title')}</RouterLink>
          </Link>
        </Stack>
        {problem && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{problem}</Alert.Title>
          </Alert.Root>
        )}
        {page && page.total > 0 && (
          <Button colorPalette="blue" size="lg" onClick={() => void begin()} loading={starting.loading}>
            {t('practice.self.practiseSaved')}
          </Button>
        )}
        <PagedView
          page={page}
          loading={loading}
          failed={Boolean(error)}
          onRetry={() => void refetch()}
          empty={<Text>{t('practice.self.savedEmpty')}</Text>}
          onPage={setOffset}
        >
          {(items) => (
            <Stack as="ul" gap="3" listStyleType="none">
              {items.map((item, n) => (
                <Card.Root as="li" key={item.questionId} data-testid="saved-question">
                  <Card.Body gap="2">
                    <Text fontWeight="medium">
                      {formatDigits(page!.offset + n + 1, language)}. <MathText text={item.text} />
                    </Text>
                    <BoardTagBadge tag={item.boardTag} />
                    <QuestionPicture src={item.pictureURL} alt={t('practice.picture')} />
                    <Stack as="ol" gap="1" listStyleType="none">
                      {item.options.map((option, i) => (
                        <HStack as="li" key={option.id} gap="2">
                          <Text as="span" fontWeight="bold">
                            {LETTERS[i]}.
                          </Text>
                          <MathText text={option.text} />
                        </HStack>
                      ))}
                    </Stack>
                    <Button size="sm" variant="outline" alignSelf="start" onClick={() => void remove(item.questionId)}>
                      {t('practice.self.remove')}
                    </Button>
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
          )}
        </PagedView>
      </Stack>
    </Container>
  );
}
