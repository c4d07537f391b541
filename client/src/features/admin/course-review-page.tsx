import { Badge, Box, Button, Field, Heading, HStack, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PagedView } from '../../components/paged-view';
import { formatCoursePrices, formatDate } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { toaster } from '../../lib/toaster';
import { useLanguage, useT } from '../../lib/i18n';
import {
  useApproveCourseReviewMutation,
  useCoursesInReviewQuery,
  useRejectCourseReviewMutation,
  type CoursesInReviewQuery,
} from './api/course-review.generated';

const PAGE_SIZE = 10;
type ReviewedCourse = CoursesInReviewQuery['coursesInReview']['items'][number];

function ReviewCard({ course, onDone }: { course: ReviewedCourse; onDone: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [approve, { loading: approving }] = useApproveCourseReviewMutation();
  const [reject, { loading: sending }] = useRejectCourseReviewMutation();

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toaster.create({ title: done, type: 'success' });
      onDone();
    } catch (failure) {
      const { message, fields } = describeError(failure, t);
      if (fields.reason) setReasonError(fields.reason);
      else toaster.create({ title: message, type: 'error' });
    }
  };

  return (
    <Box as="article" borderWidth="1px" borderRadius="md" p="4" data-testid="review-course">
      <Stack gap="2">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="md">
            {course.name}
          </Heading>
          <Badge colorPalette="purple">{t('admin.review.inReview')}</Badge>
        </HStack>
        <Text fontSize="sm" color="gray.700">
          {t('admin.review.byLine', {
            instructor: course.instructor,
            email: course.instructorEmail ? ` (${course.instructorEmail})` : '',
            price: formatCoursePrices(course, t('courseCard.free'), language),
            date: course.reviewRequestedAt ? formatDate(course.reviewRequestedAt, language) : '',
          })}
        </Text>
        <Text fontSize="sm">
          {t('admin.review.lessons', { count: course.lessons.length })}{' '}
          {course.lessons.map((lesson, i) => (
            <span key={lesson.id}>
              {i > 0 && ', '}
              {lesson.videoURL ? (
                <Link href={lesson.videoURL} target="_blank" rel="noreferrer" color="blue.700">
                  {lesson.title}
                </Link>
              ) : (
                lesson.title
              )}
            </span>
          ))}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button asChild size="sm" variant="outline" minH="44px">
            <RouterLink to={paths.course(course.id)}>{t('admin.review.seeDetails')}</RouterLink>
          </Button>
          <Button
            size="sm"
            minH="44px"
            colorPalette="green"
            loading={approving}
            onClick={() => void run(() => approve({ variables: { courseId: course.id } }), t('admin.review.approved'))}
          >
            {t('admin.review.approve')}
          </Button>
          <Button size="sm" minH="44px" variant="outline" colorPalette="red" onClick={() => setRejecting((open) => !open)} aria-expanded={rejecting}>
            {t('admin.review.sendBack')}
          </Button>
        </HStack>
        {rejecting && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setReasonError(null);
              void run(() => reject({ variables: { courseId: course.id, reason } }), t('admin.review.sentBack'));
            }}
          >
            <Stack gap="2">
              <Field.Root invalid={Boolean(reasonError)} required>
                <Field.Label>{t('admin.review.why')}</Field.Label>
                <Textarea value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
                {reasonError && <Field.ErrorText>{reasonError}</Field.ErrorText>}
              </Field.Root>
              <Button type="submit" size="sm" minH="44px" colorPalette="red" loading={sending} alignSelf="flex-start">
                {t('admin.review.sendBackToInstructor')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Box>
  );
}

/** Courses by instructors not yet approved: an admin approves the instructor or sends the course back with a reason. */
export default function CourseReviewPage() {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useCoursesInReviewQuery({
    variables: { offset, limit: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.coursesInReview;
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t('admin.review.title')}
      </Heading>
      <Text color="gray.700">{t('admin.review.text')}</Text>
      <PagedView page={page} loading={loading} failed={Boolean(error)} onRetry={() => void refetch()} empty={t('admin.review.empty')} onPage={setOffset}>
        {(items) => (
          <Stack gap="3">
            {items.map((course) => (
              <ReviewCard key={course.id} course={course} onDone={() => void refetch()} />
            ))}
          </Stack>
        )}
      </PagedView>
    </Stack>
  );
}
