import { Badge, Button, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirm } from '../../components/confirm-dialog';
import { StatCard } from '../../components/dashboard-layout';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { useDeleteCourseMutation, useInstructorOverviewQuery, useSetCoursePublishedMutation } from './api/instructor.generated';
import { formatDollars, formatTotals } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { toaster } from '../../lib/toaster';

const PAGE_SIZE = 10;

function CourseStateBadge({ course }: { course: { published: boolean; reviewRequestedAt?: string | null } }) {
  if (course.published) return <Badge colorPalette="green">Published</Badge>;
  if (course.reviewRequestedAt) return <Badge colorPalette="purple">In review</Badge>;
  return <Badge colorPalette="gray">Draft</Badge>;
}

export default function InstructorOverviewPage() {
  const { state } = useSession();
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useInstructorOverviewQuery({ variables: { offset, limit: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
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
      toaster.create({ title: describeError(failure).message, type: 'error' });
    }
  };

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        Overview
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <StatCard label="Total Revenue" value={formatTotals(figures.revenue)} />
        <StatCard label="Average Rating" value={figures.averageRating === null ? 'No ratings yet' : String(figures.averageRating)} />
        <StatCard label="Total Course" value={String(figures.totalCourses)} />
        <StatCard label="Total Students" value={String(figures.totalStudents)} />
      </SimpleGrid>
      {state.status === 'signedIn' && state.user.role === 'INSTRUCTOR' && !state.user.instructorApproved && (
        <Text bg="blue.50" borderRadius="md" p="3" data-testid="review-notice">
          Your first courses are checked by an admin before they go on sale: Publish sends a course for review. Once you are approved, your courses publish directly.
        </Text>
      )}
      <HStack justify="space-between">
        <Heading as="h2" size="lg">
          Your courses
        </Heading>
        <Button asChild colorPalette="blue" size="sm">
          <RouterLink to="/instructor-dashboard/upload-course">New course</RouterLink>
        </Button>
      </HStack>
      {courses.items.length === 0 ? (
        <EmptyState>You have no courses yet. Upload your first one.</EmptyState>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Course</Table.ColumnHeader>
                <Table.ColumnHeader>Price</Table.ColumnHeader>
                <Table.ColumnHeader>Lessons</Table.ColumnHeader>
                <Table.ColumnHeader>State</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {courses.items.map((course) => (
                <Table.Row key={course.id} data-testid="managed-course">
                  <Table.Cell>
                    <Text fontWeight="semibold">{course.name}</Text>
                  </Table.Cell>
                  <Table.Cell>${formatDollars(course.price)}</Table.Cell>
                  <Table.Cell>{course.lessonCount}</Table.Cell>
                  <Table.Cell>
                    <CourseStateBadge course={course} />
                    {course.reviewNote && !course.published && !course.reviewRequestedAt && (
                      <Text fontSize="sm" color="red.700" mt="1" data-testid="review-note">
                        Sent back by an admin: {course.reviewNote}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="2" wrap="wrap">
                      <Button asChild size="xs" variant="outline">
                        <RouterLink to={paths.course(course.id)}>See Details</RouterLink>
                      </Button>
                      <Button asChild size="xs" variant="outline">
                        <RouterLink to={`/instructor-dashboard/upload-course/${course.id}`}>Edit</RouterLink>
                      </Button>
                      <Button
                        size="xs"
                        colorPalette={course.published ? 'orange' : 'green'}
                        onClick={() =>
                          void act(
                            () => setPublished({ variables: { id: course.id, published: !course.published && !course.reviewRequestedAt } }),
                            (result) =>
                              course.published
                                ? 'The course is unpublished'
                                : course.reviewRequestedAt
                                  ? 'The course is withdrawn from review'
                                  : result.data?.setCoursePublished.published
                                  ? 'The course is published'
                                  : 'The course is sent for review. An admin will check it soon.',
                          )
                        }
                      >
                        {course.published ? 'Unpublish' : course.reviewRequestedAt ? 'Withdraw from review' : 'Publish'}
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() =>
                          confirm.ask({
                            title: `Delete ${course.name}?`,
                            consequence: 'The course and its lessons are removed for good. A course someone has bought cannot be deleted; unpublish it instead.',
                            confirmLabel: 'Delete course',
                            onConfirm: () => act(() => deleteCourse({ variables: { id: course.id } }), 'The course is deleted'),
                          })
                        }
                      >
                        Delete
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
