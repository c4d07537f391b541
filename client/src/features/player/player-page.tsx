import { Alert, Badge, Box, Button, Container, Flex, Grid, Heading, HStack, Input, Link, Progress, Stack, Switch, Text } from '@chakra-ui/react';
import { CheckCircle2, ChevronLeft, ChevronRight, Circle, Search } from 'lucide-react';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { ErrorState, FullScreenLoading, InlineLoading } from '../../components/states';
import { useCoursePlayerQuery } from './api/player.generated';
import { paths } from '../../lib/paths';
import { LessonVideo } from '../../components/lesson-video';
import { AUTO_ADVANCE_SECONDS, filterLessons, initialLesson, lessonLabel, neighbour } from './player-logic';
import { useCountdown } from './use-countdown';
import { useLessonProgress } from './use-lesson-progress';
import { localeOf, useLanguage, useT } from '../../lib/i18n';
import { formatDigits } from '../../lib/format';

// The quiz (and KaTeX with it) loads only for a lesson that has one.
const LessonQuiz = lazy(() => import('./lesson-quiz').then((module) => ({ default: module.LessonQuiz })));
// Downloading a lesson loads with the lesson, after the player.
const DownloadLesson = lazy(() => import('./download-lesson').then((module) => ({ default: module.DownloadLesson })));
// The questions to the instructor (and KaTeX with them) load after the player is drawn.
const LessonQuestions = lazy(() => import('./lesson-questions').then((module) => ({ default: module.LessonQuestions })));

export default function PlayerPage() {
  const t = useT();
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { data, loading, error, refetch } = useCoursePlayerQuery({ variables: { id }, fetchPolicy: 'cache-and-network' });
  const [search, setSearch] = useState('');
  const lessons = useMemo(() => data?.course?.lessons ?? [], [data]);
  const { progress, certificate, markCompleted, rememberPosition, isCompleted } = useLessonProgress(
    data?.enrollment?.progress ?? null,
    data?.enrollment?.certificate ?? null,
  );
  const countdown = useCountdown(AUTO_ADVANCE_SECONDS);
  // The lesson whose completion was refused until its quiz is passed.
  const [quizBlocked, setQuizBlocked] = useState<string | null>(null);
  // Each refusal draws the switch again, so it shows the lesson as not done (it had already flipped).
  const [refusals, setRefusals] = useState(0);
  const quizRef = useRef<HTMLDivElement>(null);
  // Lessons kept on this phone play from it, with no network and no data spent: their addresses there.
  const [kept, setKept] = useState<ReadonlyMap<string, string>>(new Map());
  // A lesson's stream address signed anew, when the one the player or a download has expired.
  const streamAgain = (lessonId: string) => async () => (await refetch()).data?.course?.lessons.find((lesson) => lesson.id === lessonId)?.streamURL ?? null;
  const goToQuiz = () => {
    quizRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    quizRef.current?.focus({ preventScroll: true });
  };
  const complete = async (lessonId: string, completed: boolean) => {
    const outcome = await markCompleted(lessonId, completed);
    if (outcome === 'quizNotPassed') {
      setQuizBlocked(lessonId);
      setRefusals((count) => count + 1);
    } else if (outcome === 'saved') setQuizBlocked(null);
  };

  if (loading && !data) return <FullScreenLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const course = data?.course;
  // Free previews give anyone some addresses; the player is for those who may watch every lesson
  // (students, the course's instructor, admins).
  const entitled = Boolean(data?.enrollment) || (lessons.length > 0 && lessons.every((lesson) => lesson.streamURL ?? lesson.videoURL));
  if (!course || !entitled) {
    return <Navigate to={course ? paths.course(course.id) : paths.allCourses} replace state={{ notice: t('player.notEnrolled') }} />;
  }

  const currentId = initialLesson(lessons, params.get('lesson'), data?.enrollment?.resumeLesson?.id ?? null);
  const current = lessons.find((lesson) => lesson.id === currentId) ?? null;
  // An uploaded video (adaptive stream) when there is one, else the lesson's video address.
  const currentVideo = (current && kept.get(current.id)) ?? current?.streamURL ?? current?.videoURL ?? null;
  const tracksProgress = Boolean(data?.enrollment);
  // Opening a lesson makes it the one to resume at, even before its video plays.
  const choose = (lessonId: string) => {
    countdown.cancel();
    setParams({ lesson: lessonId }, { replace: false });
    const lesson = lessons.find((candidate) => candidate.id === lessonId);
    if (tracksProgress && lesson) rememberPosition(lesson.id, lesson.lastPosition);
  };
  const previous = neighbour(lessons, currentId, -1);
  const next = neighbour(lessons, currentId, 1);
  const visible = filterLessons(lessons, search);
  const hasQuiz = Boolean(current && current.quizQuestionCount > 0 && tracksProgress);

  return (
    <Container maxW="7xl" py="6">
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6" alignItems="start">
        <Stack gap="4">
          <Heading as="h1" size="xl">
            {course.name}
          </Heading>
          {current && currentVideo ? (
            <>
              <LessonVideo
                key={current.id}
                title={current.title}
                url={currentVideo}
                oneRendition={kept.has(current.id)}
                startAt={current.lastPosition}
                refreshUrl={streamAgain(current.id)}
                onEnded={() => {
                  if (tracksProgress && !isCompleted(current)) void complete(current.id, true);
                  // The lesson's quiz comes after its video; otherwise on to the next lesson after a
                  // short countdown the student can cancel.
                  if (hasQuiz) goToQuiz();
                  else if (next) countdown.start(() => choose(next.id));
                }}
                onPosition={(seconds) => tracksProgress && rememberPosition(current.id, seconds)}
              />
              {countdown.secondsLeft !== null && next && (
                <Alert.Root status="info" role="status" data-testid="auto-advance">
                  <Alert.Indicator />
                  <Alert.Title flex="1">{t('player.nextIn', { seconds: countdown.secondsLeft, title: lessonLabel(next.title) })}</Alert.Title>
                  <Button size="sm" variant="outline" onClick={countdown.cancel}>
                    {t('player.cancel')}
                  </Button>
                </Alert.Root>
              )}
              <Heading as="h2" size="md" data-testid="current-lesson">
                {formatDigits(current.position, language)}. {current.title}
              </Heading>
              <Flex gap="3" wrap="wrap" align="center" justify="space-between">
                <HStack gap="2">
                  <Button variant="outline" disabled={!previous} onClick={() => previous && choose(previous.id)}>
                    <ChevronLeft aria-hidden /> {t('player.previous')}
                  </Button>
                  <Button variant="outline" disabled={!next} onClick={() => next && choose(next.id)}>
                    {t('player.next')} <ChevronRight aria-hidden />
                  </Button>
                </HStack>
                {tracksProgress && (
                  <Switch.Root key={refusals} checked={isCompleted(current)} onCheckedChange={(e) => void complete(current.id, e.checked)} colorPalette="green">
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>{t('player.completed')}</Switch.Label>
                  </Switch.Root>
                )}
              </Flex>
              {tracksProgress && current.streamURL && (
                <Suspense fallback={null}>
                  <DownloadLesson
                    key={current.id}
                    lesson={current}
                    course={course}
                    streamUrl={current.streamURL}
                    onKept={(address) => setKept((before) => new Map(before).set(current.id, address))}
                    refreshUrl={streamAgain(current.id)}
                  />
                </Suspense>
              )}
              {quizBlocked === current.id && (
                <Alert.Root status="warning" role="alert" data-testid="quiz-blocked">
                  <Alert.Indicator />
                  <Alert.Title flex="1">{t('player.quiz.blocked')}</Alert.Title>
                  {hasQuiz && (
                    <Button size="sm" colorPalette="blue" onClick={goToQuiz}>
                      {t('player.quiz.goToQuiz')}
                    </Button>
                  )}
                </Alert.Root>
              )}
              {hasQuiz && (
                <Suspense fallback={<InlineLoading />}>
                  <LessonQuiz
                    key={current.id}
                    ref={quizRef}
                    lessonId={current.id}
                    onPassed={() => {
                      setQuizBlocked(null);
                      if (!isCompleted(current)) void complete(current.id, true);
                    }}
                  />
                </Suspense>
              )}
              <Suspense fallback={<InlineLoading />}>
                <LessonQuestions key={current.id} lessonId={current.id} />
              </Suspense>
            </>
          ) : (
            <Flex aspectRatio={16 / 9} bg="gray.100" borderRadius="md" align="center" justify="center" px="4" textAlign="center">
              <Text fontSize="lg" color="gray.700">
                {t('player.selectVideo')}
              </Text>
            </Flex>
          )}
          {tracksProgress && progress && progress.total > 0 && progress.percent === 100 && (
            <Alert.Root status="success" data-testid="course-completed">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('player.congratulations')}</Alert.Title>
                <Alert.Description>
                  {certificate ? (
                    <HStack gap="4" wrap="wrap" mt="1">
                      <Link asChild color="blue.700" fontWeight="semibold">
                        <RouterLink to={paths.certificate(certificate.number)}>{t('player.viewCertificate')}</RouterLink>
                      </Link>
                      <Link href={certificate.pdfURL} color="blue.700" download>
                        {t('player.downloadCertificate')}
                      </Link>
                    </HStack>
                  ) : (
                    t('player.certificateComing')
                  )}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>

        <Stack as="aside" aria-label={t('player.lessons')} gap="4" borderWidth="1px" borderRadius="md" p="4">
          {progress && (
            <Stack gap="1">
              <Flex justify="space-between" fontSize="sm">
                <Text fontWeight="semibold">{t('player.yourProgress')}</Text>
                <Text data-testid="progress-text">
                  {t('player.progress', { completed: progress.completed, total: progress.total, percent: progress.percent })}
                </Text>
              </Flex>
              <Progress.Root locale={localeOf(language)} value={progress.percent} colorPalette="green" size="sm" aria-label={t('player.courseProgress')}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Stack>
          )}
          <HStack gap="2">
            <Search size={18} aria-hidden />
            <Input
              size="sm"
              placeholder={t('player.searchLessons')}
              aria-label={t('player.searchLessons')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </HStack>
          <Stack as="ol" gap="1" listStyleType="none" aria-label={t('player.lessonList')}>
            {visible.length === 0 && <Text color="gray.600">{t('player.noMatch')}</Text>}
            {visible.map((lesson) => (
              <Box as="li" key={lesson.id}>
                <Button
                  variant={lesson.id === currentId ? 'subtle' : 'ghost'}
                  colorPalette={lesson.id === currentId ? 'blue' : 'gray'}
                  width="100%"
                  justifyContent="start"
                  whiteSpace="normal"
                  textAlign="start"
                  height="auto"
                  py="2"
                  aria-current={lesson.id === currentId ? 'true' : undefined}
                  onClick={() => choose(lesson.id)}
                  data-testid="lesson-item"
                >
                  {isCompleted(lesson) ? <CheckCircle2 color="#16a34a" aria-label={t('player.done')} /> : <Circle aria-label={t('player.notDone')} />}
                  <Text as="span" flex="1">
                    {formatDigits(lesson.position, language)}. {lessonLabel(lesson.title)}
                  </Text>
                  {!(lesson.streamURL ?? lesson.videoURL) && <Badge>{t('player.locked')}</Badge>}
                </Button>
              </Box>
            ))}
          </Stack>
        </Stack>
      </Grid>
    </Container>
  );
}
