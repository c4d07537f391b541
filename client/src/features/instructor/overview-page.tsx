import { Badge, Button, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirm } from '../../components/confirm-dialog';
import { StatCard } from '../../components/dashboard-layout';
import { stackedOnPhones } from '../../components/paged-table';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { useDeleteCourseMutation, useInstructorOverviewQuery, useSetCoursePublishedMutation } from './api/instructor.generated';
import { formatCoursePrices, formatDigits, formatTotals } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { toaster } from '../../lib/toaster';
import { useLanguage, useT } from '../../lib/i18n';
import { RevenueChart } from './revenue-chart';

const PAGE_SIZE = 10;

function CourseStateBadge({ course }: { course: { published: boolean; reviewRequestedAt?: string | null } }) {
  const t = useT();
  if (course.published) return <Badge colorPalette="green">{t('instructor.state.published')}</Badge>;
  if (course.reviewRequestedAt) return <Badge colorPalette="purple">{t('instructor.state.inReview')}</Badge>;
  return <Badge colorPalette="gray">{t('instructor.state.draft')}</Badge>;
}

export default function InstructorOverviewPage() {
  const t = useT();
  const { language } = useLanguage();
  const { state } = useSession();
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useInstructorOverviewQuery({
    variables: { offset, limit: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [setPublished] = useSetCoursePublishedMutation();
  const [deleteCourse] = useDeleteCourseMutation();
  const confirm = useConfirm();
  const shown = data ?? previousData;
  if (loading && !shown) return <InlineLoading />;
  if (error && !shown) return <ErrorState onRetry={() => void refetch()} />;
  if (!shown) return null;
  const { instructorOverview: figures, managedCourses: courses } = shown;

  const act = async <T,>(work: () => Promise<T>, done: string | ((result: T) => string)) => {
    try {
      const result = await work();
      toaster.create({ title: typeof done === 'string' ? done : done(result), type: 'success' });
      await refetch();
    } catch (failure) {
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    }
  };

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t('instructor.overview.title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <StatCard label={t('instructor.stats.revenue')} value={formatTotals(figures.revenueTotals, language)} />
        <StatCard
          label={t('instructor.stats.rating')}
          value={figures.averageRating === null ? t('instructor.stats.noRatings') : formatDigits(figures.averageRating, language)}
        />
        <StatCard label={t('instructor.stats.courses')} value={formatDigits(figures.totalCourses, language)} />
        <StatCard label={t('instructor.stats.students')} value={formatDigits(figures.totalStudents, language)} />
      </SimpleGrid>
      <RevenueChart />
      {state.status === 'signedIn' && state.user.role === 'INSTRUCTOR' && !state.user.instructorApproved && (
        <Text bg="blue.50" borderRadius="md" p="3" data-testid="review-notice">
          {t('instructor.reviewNotice')}
        </Text>
      )}
      <HStack justify="space-between">
        <Heading as="h2" size="lg">
          {t('instructor.yourCourses')}
        </Heading>
        <Button asChild colorPalette="blue" size="sm">
          <RouterLink to={paths.newCourse}>{t('instructor.newCourse')}</RouterLink>
        </Button>
      </HStack>
      {courses.items.length === 0 ? (
        <EmptyState>{t('instructor.noCourses')}</EmptyState>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" css={stackedOnPhones}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('instructor.col.course')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('instructor.col.price')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('instructor.col.lessons')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('instructor.col.state')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('instructor.col.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {courses.items.map((course) => (
                <Table.Row key={course.id} data-testid="managed-course">
                  <Table.Cell>
                    <Text fontWeight="semibold">{course.name}</Text>
                  </Table.Cell>
                  <Table.Cell data-label={t('instructor.col.price')}>{formatCoursePrices(course, t('courseCard.free'), language)}</Table.Cell>
                  <Table.Cell data-label={t('instructor.col.lessons')}>{formatDigits(course.lessonCount, language)}</Table.Cell>
                  <Table.Cell>
                    <CourseStateBadge course={course} />
                    {course.reviewNote && !course.published && !course.reviewRequestedAt && (
                      <Text fontSize="sm" color="red.700" mt="1" data-testid="review-note">
                        {t('instructor.sentBack', { note: course.reviewNote })}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="2" wrap="wrap">
                      <Button asChild size="xs" variant="outline">
                        <RouterLink to={paths.course(course.id)}>{t('instructor.seeDetails')}</RouterLink>
                      </Button>
                      <Button asChild size="xs" variant="outline">
                        <RouterLink to={paths.editCourse(course.id)}>{t('instructor.edit')}</RouterLink>
                      </Button>
                      <Button asChild size="xs" variant="outline">
                        <RouterLink to={paths.courseQuestionBank(course.id)}>{t('instructor.nav.questionBank')}</RouterLink>
                      </Button>
                      <Button
                        size="xs"
                        colorPalette={course.published ? 'orange' : 'green'}
                        onClick={() =>
                          void act(
                            () => setPublished({ variables: { id: course.id, published: !course.published && !course.reviewRequestedAt } }),
                            (result) =>
                              course.published
                                ? t('instructor.unpublished')
                                : course.reviewRequestedAt
                                  ? t('instructor.withdrawn')
                                  : result.data?.setCoursePublished.published
                                    ? t('instructor.published')
                                    : t('instructor.sentForReview'),
                          )
                        }
                      >
                        {t(course.published ? 'instructor.unpublish' : course.reviewRequestedAt ? 'instructor.withdraw' : 'instructor.publish')}
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() =>
                          confirm.ask({
                            title: t('instructor.deleteTitle', { name: course.name }),
                            consequence: t('instructor.deleteConsequence'),
                            confirmLabel: t('instructor.deleteCourse'),
                            onConfirm: () => act(() => deleteCourse({ variables: { id: course.id } }), t('instructor.deleted')),
                          })
                        }
                      >
                        {t('instructor.delete')}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Pager offset={courses.offset} limit={courses.limit} total={courses.total} onChange={setOffset} />
      {confirm.dialog}
    </Stack>
  );
}
