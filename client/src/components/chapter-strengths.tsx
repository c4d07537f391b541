import { Alert, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDigits } from '../lib/format';
import { describeError } from '../lib/graphql-errors';
import { useLanguage, useT, type Language } from '../lib/i18n';
import { paths } from '../lib/paths';
import { useMyChapterStrengthsQuery, useStartChapterPracticeMutation } from './chapter-strengths.generated';

/** A share of 0 to 1 as a whole percent in the page's digits (rounded to the nearest, never down). */
export const percentOf = (share: number, language: Language) => `${formatDigits(Math.round(share * 100), language)}%`;

/**
 * The student's accuracy per chapter over every model test and practice set, weakest first, each
 * with "practise this chapter": one tap starts a practice set of that chapter. On the profile, and
 * after a result for the chapters it covered (`only`).
 */
export function ChapterStrengths({ only, limit }: { only?: readonly string[]; limit?: number }) {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const { data, error } = useMyChapterStrengthsQuery({ fetchPolicy: 'cache-and-network' });
  const [start] = useStartChapterPracticeMutation();
  const [starting, setStarting] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (error || !data) return null;
  const rows = data.myChapterStrengths.filter((row) => !only || only.includes(row.chapter.id)).slice(0, limit);
  if (only && rows.length === 0) return null;
  const practise = async (chapter: (typeof rows)[number]['chapter']) => {
    setProblem(null);
    setStarting(chapter.id);
    try {
      const result = await start({
        variables: { input: { classLevel: chapter.classLevel, subjectId: chapter.subjectId, chapterIds: [chapter.id], count: 10 } },
      });
      if (result.data) void navigate(paths.attempt(result.data.startPractice.id));
    } catch (failure) {
      setProblem(describeError(failure, t).message);
    } finally {
      setStarting(null);
    }
  };
  return (
    <Stack gap="3" as="section" aria-labelledby="chapter-strengths" data-testid="chapter-strengths">
      <Stack gap="0">
        <Heading as="h2" size="lg" id="chapter-strengths">
          {t('strengths.title')}
        </Heading>
        <Text color="gray.600" fontSize="sm">
          {t('strengths.intro')}
        </Text>
      </Stack>
      {problem && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      {rows.length === 0 ? (
        <Text color="gray.700">{t('strengths.empty')}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {rows.map((row) => (
            <HStack as="li" key={row.chapter.id} gap="3" wrap="wrap" borderWidth="1px" borderRadius="md" p="3" data-testid="chapter-strength">
              <Stack gap="1" flex="1" minW="180px">
                <Text fontWeight="semibold">{row.chapter.name}</Text>
                <Box h="2" bg="gray.100" borderRadius="full" overflow="hidden" aria-hidden>
                  <Box h="full" w={`${Math.round(row.share * 100)}%`} bg={row.share >= 0.7 ? 'green.500' : row.share >= 0.4 ? 'orange.400' : 'red.500'} />
                </Box>
                <Text fontSize="sm" color="gray.700">
                  {t('strengths.share', {
                    percent: percentOf(row.share, language),
                    correct: formatDigits(row.correct, language),
                    answered: formatDigits(row.answered, language),
                  })}
                </Text>
              </Stack>
              <Button size="sm" colorPalette="blue" variant="outline" loading={starting === row.chapter.id} onClick={() => void practise(row.chapter)}>
                {t('strengths.practise')}
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
