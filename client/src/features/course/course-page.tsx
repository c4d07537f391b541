import { Alert, Badge, Box, Button, Card, Container, Flex, Grid, Heading, HStack, Image, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { BookOpen, CheckCircle2, Clock, ListChecks, PlayCircle, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import { useCoursePageQuery } from './api/course-page.generated';
import { formatDate, formatDigits, formatDuration, formatEnrolled, formatMoney } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { CourseImage } from '../../components/course-image';
import { CourseLanguageLine } from '../../components/course-language';
import { courseLanguageLabels } from '../../lib/course-languages';
import { CourseReviews } from './components/course-reviews';
import { paymentReturnOf } from './payment-return';
import { PaymentReturnNotice } from './components/payment-return-notice';
import { LessonPreview, lessonToPreview } from './components/lesson-preview';
import { useRecordNotFound } from '../../app/page-status';

export default function CoursePage() {
  const t = useT();
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const paymentReturn = paymentReturnOf(search);
  // The spec's two returns (success, canceled) replace the page with their message and its way on;
  // a failed, held or pending payment's notice sits above the course, whose card says what waits.
  const replacesPage = paymentReturn === 'success' || paymentReturn === 'canceled';
  const { data, loading, error, refetch, startPolling, stopPolling } = useCoursePageQuery({
    variables: { id },
    fetchPolicy: 'cache-and-network',
    skip: replacesPage,
  });
  // Back from the gateway with a held or pending payment, the gateway's own notice may reach us a
  // moment after the buyer: ask again every few seconds until the course shows the payment's state.
  const paymentStatus = data?.course?.latestPayment?.status;
  const awaitsPayment = (paymentReturn === 'held' && paymentStatus !== 'HELD') || (paymentReturn === 'pending' && !paymentStatus);
  useEffect(() => {
    if (!awaitsPayment) return;
    startPolling(3000);
    return stopPolling;
  }, [awaitsPayment, startPolling, stopPolling]);
  useRecordNotFound(!replacesPage && Boolean(data) && !data?.course);

  if (replacesPage) {
    return (
      <Container maxW="3xl" py="8">
        <PaymentReturnNotice outcome={paymentReturn} courseId={id} />
      </Container>
    );
  }
  if (loading && !data) return <FullScreenLoading />;
  if (error) return <ErrorState onRetry={() => void refetch()} />;
  const course = data?.course;
  if (!course) {
    return (
      <EmptyState>
        <Heading as="h1" size="xl" mb="3" color="gray.800">
          {t('course.notFound.title')}
        </Heading>
        <Text mb="4">{t('course.notFound.text')}</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to={paths.allCourses}>{t('course.notFound.seeAll')}</RouterLink>
        </Button>
      </EmptyState>
    );
  }

  // The course's real figures; where there is no data (no quizzes, assignments, unknown lengths) nothing is shown.
  const length = course.totalDurationSeconds === null ? null : formatDuration(course.totalDurationSeconds, language);
  const figures = [
    { Icon: Users, key: 'students', value: t('course.enrolledStudents', { count: formatEnrolled(course.enrolledCount, language) }) },
    ...(length ? [{ Icon: Clock, key: 'length', value: length }] : []),
    { Icon: PlayCircle, key: 'videos', value: t('course.videos', { count: course.lessonCount }) },
    // The spec's "Total quiz" block: the course's real model tests and quizzes, hidden when it has none.
    ...(course.quizCount > 0 ? [{ Icon: ListChecks, key: 'quizzes', value: t('course.quizzes', { count: course.quizCount }) }] : []),
  ];
  const category =
    course.category !== 'SCHOOL' ? t('course.professional') : course.classLevel ? t('course.school', { level: course.classLevel }) : t('course.schoolNoLevel');
  const previewLesson = lessonToPreview(course.lessons, search.get('preview'));
  const showPreview = (lessonId: string) => setSearch({ preview: lessonId }, { preventScrollReset: true });

  return (
    <Container maxW="7xl" py="8">
      {paymentReturn && <PaymentReturnNotice outcome={paymentReturn} courseId={course.id} failure={course.latestPayment?.failureMessage} />}
      {notice && (
        <Alert.Root status="info" mb="6">
          <Alert.Indicator />
          <Alert.Title>{notice}</Alert.Title>
        </Alert.Root>
      )}
      {/* The page's order is the phone's (title, price card, details), so what the HTML draws first
          never moves as the rest arrives, and a keyboard or screen reader meets the title first. */}
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} columnGap="10" rowGap={{ base: '8', lg: '6' }}>
        <Stack gap="3" gridColumn={{ lg: '1' }} gridRow={{ lg: '1' }}>
          <HStack gap="2">
            <Badge colorPalette="blue">{category}</Badge>
            {course.averageRating !== null && course.averageRating !== undefined && (
              <Badge colorPalette="orange" data-testid="rating-badge">
                {t('course.ratingFrom', { rating: formatDigits(course.averageRating, language), count: course.ratingCount })}
              </Badge>
            )}
          </HStack>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} lang={courseLanguageLabels[course.language].lang}>
            {course.name}
          </Heading>
          <Text fontSize="lg" color="gray.700" lang={courseLanguageLabels[course.language].lang}>
            {course.description}
          </Text>
          <Text fontSize="sm" color="gray.600">
            <CourseLanguageLine language={course.language} />
          </Text>
          <Text fontSize="sm" color="gray.600" data-testid="last-updated">
            {t('course.lastUpdated', { date: formatDate(course.contentUpdatedAt, language) })}
          </Text>
        </Stack>
        <Box gridColumn={{ lg: '2' }} gridRow={{ lg: '1 / span 2' }}>
          <Card.Root position={{ lg: 'sticky' }} top={{ lg: '24' }} overflow="hidden">
            <CourseImage src={course.photoURL} category={course.category} alt={course.name} eager />
            <Card.Body gap="4">
              <Text fontSize="3xl" fontWeight="bold" color="blue.800" data-testid="course-price">
                {course.isFree ? t('courseCard.free') : formatMoney(course.priceTaka, language)}
              </Text>
              {!course.isFree && (
                <Text fontSize="sm" color="gray.700" mt="-3">
                  {course.priceUsd.amount > 0
                    ? t('course.payLocally', { taka: formatMoney(course.priceTaka, language), dollars: formatMoney(course.priceUsd, language) })
                    : t('course.payLocallyOnly', { taka: formatMoney(course.priceTaka, language) })}
                </Text>
              )}
              <Stack gap="2" color="gray.700" fontSize="sm">
                {figures.map(({ Icon, key, value }) => (
                  <HStack key={key} data-testid={`figure-${key}`}>
                    <Icon size={16} aria-hidden /> <Text>{value}</Text>
                  </HStack>
                ))}
              </Stack>
              {course.isEnrolled ? (
                <>
                  <Badge colorPalette="green" size="lg" alignSelf="start">
                    {t('course.enrolled')}
                  </Badge>
                  <Button asChild colorPalette="green" size="lg">
                    <RouterLink to={paths.player(course.id)}>{t('course.goToCourse')}</RouterLink>
                  </Button>
                </>
              ) : course.latestPayment?.status === 'HELD' ? (
                <Text color="blue.800" fontWeight="semibold" role="status" data-testid="payment-held">
                  {t('payment.held')}
                </Text>
              ) : (
                <Button asChild colorPalette="blue" size="lg">
                  <RouterLink to={paths.enroll(course.id)}>{t('course.enroll')}</RouterLink>
                </Button>
              )}
              <Flex justify="center">
                <Link asChild color="blue.700">
                  <RouterLink to={paths.contact}>{t('course.question')}</RouterLink>
                </Link>
              </Flex>
            </Card.Body>
          </Card.Root>
        </Box>
        <Stack gap="6" gridColumn={{ lg: '1' }} gridRow={{ lg: '2' }}>
          <Card.Root size="sm" variant="subtle">
            <Card.Body>
              <HStack gap="4">
                <Image src="/media/people/team-1.svg" alt="" boxSize="56px" borderRadius="full" objectFit="cover" />
                <Stack gap="0">
                  <Text fontSize="sm" color="gray.600">
                    {t('course.tutor')}
                  </Text>
                  <Text fontWeight="semibold">{course.instructor}</Text>
                  {course.instructorEmail && (
                    <Text fontSize="sm" color="gray.600">
                      {course.instructorEmail}
                    </Text>
                  )}
                </Stack>
              </HStack>
            </Card.Body>
          </Card.Root>

          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <Stack p="4" borderWidth="1px" borderRadius="md" gap="1" data-testid="course-content">
              <BookOpen aria-hidden />
              <Text fontWeight="semibold">{t('course.content')}</Text>
              <Text color="gray.600">
                {t('course.lessons', { count: course.lessonCount })}
                {length && ` · ${t('course.length', { length })}`}
              </Text>
            </Stack>
          </SimpleGrid>

          {course.keyPoints.length > 0 && (
            <Stack gap="3">
              <Heading as="h2" size="lg">
                {t('course.learn')}
              </Heading>
              <List.Root gap="2" variant="plain">
                {course.keyPoints.map((point) => (
                  <List.Item key={point}>
                    <List.Indicator asChild color="green.600">
                      <CheckCircle2 size={18} />
                    </List.Indicator>
                    {point}
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
          )}
          {course.targetedPeoples && (
            <Stack gap="2">
              <Heading as="h2" size="lg">
                {t('course.forWhom')}
              </Heading>
              <Text color="gray.700">{course.targetedPeoples}</Text>
            </Stack>
          )}
          {course.whyNeed && (
            <Stack gap="2">
              <Heading as="h2" size="lg">
                {t('course.why')}
              </Heading>
              <Text color="gray.700">{course.whyNeed}</Text>
            </Stack>
          )}
          <CourseReviews courseId={course.id} />
          <Stack gap="2">
            <Heading as="h2" size="lg">
              {t('course.lessonsTitle', { count: course.lessonCount })}
            </Heading>
            {previewLesson !== undefined && (
              <LessonPreview
                lesson={previewLesson}
                refreshUrl={async () => (await refetch()).data?.course?.lessons.find((lesson) => lesson.id === previewLesson?.id)?.streamURL ?? null}
              />
            )}
            <List.Root as="ol" gap="1" ps="5">
              {course.lessons.map((lesson) => (
                <List.Item key={lesson.id} data-testid="course-lesson">
                  <HStack gap="2" wrap="wrap">
                    <Text as="span">{lesson.title}</Text>
                    {lesson.durationSeconds !== null && (
                      <Text as="span" fontSize="sm" color="gray.600">
                        {formatDuration(lesson.durationSeconds, language)}
                      </Text>
                    )}
                    {lesson.preview && (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="blue"
                        onClick={() => showPreview(lesson.id)}
                        aria-label={t('course.previewLesson', { title: lesson.title })}
                      >
                        <PlayCircle size={14} aria-hidden /> {t('course.preview')}
                      </Button>
                    )}
                  </HStack>
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        </Stack>
      </Grid>
    </Container>
  );
}
