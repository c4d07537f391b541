import { Badge, Button, Card, Container, Grid, Heading, HStack, Link, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AttemptHistory } from '../../components/attempt-history';
import { CourseCard } from '../../components/course-card';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import { lazy, Suspense, useEffect, useState } from 'react';
import { isGraphQLErrors } from '../../lib/data';
import { useMyCoursesQuery, type MyCoursesQuery } from './api/my-courses.generated';
import { paths } from '../../lib/paths';
import { CourseImage } from '../../components/course-image';
import { localeOf, useLanguage, useT } from '../../lib/i18n';
import { formatDate } from '../../lib/format';
import { studyState } from './study-state';

const KEPT = 'my-courses';
// The lessons kept on the phone: their code loads after the page's.
const DownloadsSection = lazy(() => import('./downloads-section').then((module) => ({ default: module.DownloadsSection })));
const Downloads = ({ owned }: { owned?: readonly string[] }) => (
  <Suspense fallback={null}>
    <DownloadsSection owned={owned} />
  </Suspense>
);

/** The student's enrolled courses with their progress, the one studied last first, and courses they do not own yet. */
export default function MyCoursesPage() {
  const t = useT();
  const { language } = useLanguage();
  const { data: fetched, loading, error, refetch } = useMyCoursesQuery({ fetchPolicy: 'cache-and-network' });
  // With no network, the list as this phone last saw it (lib/kept-answers.ts, forgotten once nobody is signed in).
  const [kept, setKept] = useState<MyCoursesQuery | null>(null);
  const offline = Boolean(error && !isGraphQLErrors(error) && !fetched);
  useEffect(() => {
    if (fetched) void import('../../lib/kept-answers').then(({ keepAnswer }) => keepAnswer(KEPT, fetched));
    else if (offline) void import('../../lib/kept-answers').then(({ keptAnswer }) => setKept(keptAnswer<MyCoursesQuery>(KEPT)));
  }, [fetched, offline]);
  const data = fetched ?? (offline ? kept : undefined);
  if (loading && !data) return <FullScreenLoading />;
  if (error && !data)
    return (
      <Container maxW="7xl" py="8">
        <ErrorState onRetry={() => void refetch()} />
        <Downloads />
      </Container>
    );
  const enrollments = data?.myEnrollments ?? [];
  return (
    <Container maxW="7xl" py="8">
      <Grid templateColumns={{ base: '1fr', lg: '3fr 1fr' }} gap="10">
        <Stack gap="5">
          <Heading as="h1" size="2xl">
            {t('learning.title')}
          </Heading>
          {offline && (
            <Text color="fg.muted" data-testid="kept-offline">
              {t('learning.keptOffline')}
            </Text>
          )}
          {(data?.myAnnouncements.length ?? 0) > 0 && (
            <Card.Root as="section" aria-labelledby="announcements" variant="subtle">
              <Card.Body gap="3">
                <Heading as="h2" id="announcements" size="md">
                  {t('learning.announcements')}
                </Heading>
                {data?.myAnnouncements.map((note) => (
                  <Stack key={note.id} gap="1" data-testid="announcement">
                    <Text fontWeight="semibold">{note.title}</Text>
                    <Text whiteSpace="pre-line">{note.text}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {t('learning.announcementBy', { author: note.authorName, course: note.courseName, when: formatDate(note.createdAt, language) })}
                    </Text>
                  </Stack>
                ))}
              </Card.Body>
            </Card.Root>
          )}
          {enrollments.length === 0 ? (
            <EmptyState>
              <Text mb="4">{t('learning.empty')}</Text>
              <Button asChild colorPalette="blue">
                <RouterLink to={paths.allCourses}>{t('learning.browse')}</RouterLink>
              </Button>
            </EmptyState>
          ) : (
            enrollments.map((enrollment) => {
              const { progress, certificate } = enrollment;
              const state = studyState(progress, enrollment.lastStudiedAt);
              return (
                <Card.Root key={enrollment.id} flexDirection={{ base: 'column', sm: 'row' }} overflow="hidden" data-testid="enrollment">
                  <CourseImage src={enrollment.courseImage} category={enrollment.course.category} alt="" width={{ base: '100%', sm: '220px' }} />
                  <Card.Body gap="2">
                    <Card.Title>{enrollment.courseName}</Card.Title>
                    <Text fontSize="sm" color="gray.600">
                      {enrollment.course.instructor} · {t('learning.lessons', { count: enrollment.course.lessonCount })}
                    </Text>
                    <Stack gap="1">
                      <Text fontSize="sm" data-testid="enrollment-progress">
                        {t('learning.progress', { completed: progress.completed, total: progress.total })}
                      </Text>
                      <Progress.Root
                        locale={localeOf(language)}
                        value={progress.percent}
                        colorPalette="green"
                        size="sm"
                        aria-label={t('learning.progressIn', { course: enrollment.courseName })}
                      >
                        <Progress.Track>
                          <Progress.Range />
                        </Progress.Track>
                      </Progress.Root>
                    </Stack>
                    <HStack mt="auto" gap="3" wrap="wrap">
                      {state === 'completed' && (
                        <Badge colorPalette="green" size="lg">
                          {t('learning.completed')}
                        </Badge>
                      )}
                      <Button asChild colorPalette="blue" size="sm">
                        <RouterLink to={paths.player(enrollment.courseId)}>
                          {t(state === 'new' ? 'learning.start' : state === 'started' ? 'learning.continue' : 'learning.watchAgain')}
                        </RouterLink>
                      </Button>
                      {certificate && (
                        <Link asChild color="blue.700" fontSize="sm">
                          <RouterLink to={paths.certificate(certificate.number)}>{t('learning.certificate')}</RouterLink>
                        </Link>
                      )}
                    </HStack>
                  </Card.Body>
                </Card.Root>
              );
            })
          )}
          <Downloads owned={fetched?.myEnrollments.map((enrollment) => enrollment.courseId)} />
          <AttemptHistory />
        </Stack>
        <Stack as="aside" aria-labelledby="recommended" gap="4">
          <Heading as="h2" id="recommended" size="lg">
            {t('learning.recommended')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 1 }} gap="4">
            {data?.recommendedCourses.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </SimpleGrid>
        </Stack>
      </Grid>
    </Container>
  );
}
