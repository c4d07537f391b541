import { Alert, Box, Button, Checkbox, Container, Fieldset, Heading, HStack, Link, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { Difficulty } from '../../gql/types';
import { formatDigits } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { usePracticeChaptersQuery, usePracticeSubjectsQuery, useStartPracticeMutation } from './api/practice.generated';
import { ADMISSION_LEVEL, LEVELS, subjectName } from './practice-labels';
import { paperKey } from './chapter-paper';

const SIZES = [10, 20, 30] as const;
const DIFFICULTIES: Difficulty[] = ['EASY', 'MEDIUM', 'HARD'];

/** The class whose book holds a class's chapters: 9 and 10 share theirs, as do 11 and 12. */
const bookOf = (level: number) => (level === 10 || level === 12 ? level - 1 : level);

/**
 * /practice: a student makes a practice set: class, subject, chapters (none: the whole subject), 10,
 * 20 or 30 questions, a difficulty; the set starts at once (no timer, the explanation after each answer).
 */
export default function PracticePage() {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [classLevel, setClassLevel] = useState(() => Number(params.get('class')) || 9);
  const [subjectId, setSubjectId] = useState(() => params.get('subject') || 'physics');
  const [chapterIds, setChapterIds] = useState<string[]>(() => params.getAll('chapter'));
  const [count, setCount] = useState(10);
  const [difficulty, setDifficulty] = useState<Difficulty | ''>('');
  const [boardOnly, setBoardOnly] = useState(() => params.get('board') === '1');
  const [problem, setProblem] = useState<string | null>(null);
  const subjects = usePracticeSubjectsQuery();
  const chapters = usePracticeChaptersQuery({ variables: { subjectId, classLevel: bookOf(classLevel) } });
  const [start, starting] = useStartPracticeMutation();
  const levelName = (level: number) => (level === ADMISSION_LEVEL ? t('practice.admission') : t('practice.classN', { level }));
  const toggle = (id: string, on: boolean) => setChapterIds((current) => (on ? [...current, id] : current.filter((c) => c !== id)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const result = await start({
        variables: { input: { classLevel, subjectId, chapterIds, count, difficulty: difficulty || null, boardQuestionsOnly: boardOnly } },
      });
      if (result.data) void navigate(paths.attempt(result.data.startPractice.id));
    } catch (failure) {
      setProblem(describeError(failure, t).message);
    }
  };
  const chapterList = chapters.data?.chapters ?? [];
  return (
    <Container maxW="2xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack as="form" gap="5" onSubmit={(event) => void submit(event)}>
        <Stack gap="1">
          <Heading as="h1" size="xl">
            {t('practice.self.title')}
          </Heading>
          <Text color="gray.700">{t('practice.self.intro')}</Text>
          <Link asChild color="blue.700" alignSelf="start">
            <RouterLink to={paths.savedQuestions}>{t('practice.self.savedTitle')}</RouterLink>
          </Link>
        </Stack>
        <HStack gap="3" flexWrap="wrap" align="end">
          <Box flex="1" minW="140px">
            <Text asChild fontSize="sm" fontWeight="medium">
              <label htmlFor="self-class">{t('practice.class')}</label>
            </Text>
            <NativeSelect.Root>
              <NativeSelect.Field
                id="self-class"
                value={classLevel}
                onChange={(e) => {
                  setClassLevel(Number(e.currentTarget.value));
                  setChapterIds([]);
                }}
              >
                {LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {levelName(level)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Box>
          <Box flex="1" minW="140px">
            <Text asChild fontSize="sm" fontWeight="medium">
              <label htmlFor="self-subject">{t('practice.subject')}</label>
            </Text>
            <NativeSelect.Root>
              <NativeSelect.Field
                id="self-subject"
                value={subjectId}
                onChange={(e) => {
                  setSubjectId(e.currentTarget.value);
                  setChapterIds([]);
                }}
              >
                {(subjects.data?.subjects ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {subjectName(s, language)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Box>
        </HStack>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="medium">{t('practice.self.chapters')}</Fieldset.Legend>
          <Fieldset.HelperText>
            {chapterList.length === 0 ? t('practice.self.noChapters') : chapterIds.length === 0 ? t('practice.self.allChapters') : null}
          </Fieldset.HelperText>
          <Stack gap="2" mt="2" data-testid="practice-chapters">
            {chapterList.map((chapter) => {
              const paper = paperKey(chapter.paper);
              return (
                <Checkbox.Root key={chapter.id} checked={chapterIds.includes(chapter.id)} onCheckedChange={(e) => toggle(chapter.id, e.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {chapter.name}
                    {paper && (
                      <Text as="span" color="gray.600">
                        {' · '}
                        {t(paper)}
                      </Text>
                    )}
                  </Checkbox.Label>
                </Checkbox.Root>
              );
            })}
          </Stack>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="medium">{t('practice.self.count')}</Fieldset.Legend>
          <RadioGroup.Root value={String(count)} onValueChange={(e) => setCount(Number(e.value))} mt="2">
            <HStack gap="4" flexWrap="wrap">
              {SIZES.map((size) => (
                <RadioGroup.Item key={size} value={String(size)}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t('practice.self.countN', { count: formatDigits(size, language) })}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        </Fieldset.Root>
        <Box>
          <Text asChild fontSize="sm" fontWeight="medium">
            <label htmlFor="self-difficulty">{t('practice.self.difficulty')}</label>
          </Text>
          <NativeSelect.Root>
            <NativeSelect.Field id="self-difficulty" value={difficulty} onChange={(e) => setDifficulty(e.currentTarget.value as Difficulty | '')}>
              <option value="">{t('practice.self.anyDifficulty')}</option>
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {t(`practice.self.${d}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        <Checkbox.Root checked={boardOnly} onCheckedChange={(e) => setBoardOnly(e.checked === true)} alignItems="start">
          <Checkbox.HiddenInput />
          <Checkbox.Control mt="1" />
          <Stack gap="0">
            <Checkbox.Label fontWeight="medium">{t('practice.self.boardOnly')}</Checkbox.Label>
            <Text fontSize="sm" color="gray.700">
              {t('practice.self.boardOnlyHelp')}
            </Text>
          </Stack>
        </Checkbox.Root>
        {problem && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{problem}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="blue" size="lg" loading={starting.loading}>
          {t('practice.self.start')}
        </Button>
      </Stack>
    </Container>
  );
}
