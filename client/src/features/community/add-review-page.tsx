import { Alert, Button, Container, Field, Heading, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { StarRating } from '../../components/star-rating';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { ReviewCard } from '../../components/review-card';
import { useAddReviewPageQuery, useDeleteMyReviewMutation, useMyReviewQuery, useSubmitReviewMutation } from './api/reviews.generated';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { toaster } from '../../lib/toaster';

export default function AddReviewPage() {
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useAddReviewPageQuery({ fetchPolicy: 'cache-and-network' });
  const [courseId, setCourseId] = useState('');
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [submitReview, { loading: saving }] = useSubmitReviewMutation();
  const [deleteReview, { loading: deleting }] = useDeleteMyReviewMutation();
  // The course whose review is being edited, and whether Delete waits for its confirmation.
  const [editing, setEditing] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const courses = data?.myEnrollments ?? [];
  const chosen = courseId || courses[0]?.courseId || '';
  const mine = useMyReviewQuery({ variables: { courseId: chosen }, skip: !chosen, fetchPolicy: 'cache-and-network' });

  if ((loading && !data) || (mine.loading && !mine.data)) return <InlineLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const existing = mine.data?.myReview ?? null;
  const showForm = !existing || editing === chosen;

  const choose = (id: string) => {
    setCourseId(id);
    setEditing(null);
    setConfirmDelete(false);
    setProblems(null);
  };
  const edit = () => {
    if (!existing) return;
    setText(existing.text);
    setRating(existing.rating ?? 0);
    setEditing(chosen);
  };
  const remove = async () => {
    try {
      await deleteReview({ variables: { courseId: chosen } });
      setConfirmDelete(false);
      setText('');
      setRating(0);
      await mine.refetch();
      toaster.create({ title: 'Your review is deleted', type: 'success' });
    } catch (failure) {
      toaster.create({ title: describeError(failure).message, type: 'error' });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating === 0) {
      setProblems({ message: 'Choose a rating from 1 to 5 stars', fields: { rating: 'Choose a rating from 1 to 5 stars' } });
      return;
    }
    try {
      await submitReview({ variables: { input: { courseId: chosen, rating, text } } });
      toaster.create({ title: 'Thank you for your review!', type: 'success' });
      void navigate(paths.course(chosen));
    } catch (failure) {
      setProblems(describeError(failure));
    }
  };

  return (
    <Container maxW="xl" py="10">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Add Review
        </Heading>
        <Text>Add a Review &amp; share your Experience!</Text>
        {courses.length === 0 ? (
          <EmptyState>
            <Text mb="3">You can review a course once you are enrolled in it.</Text>
            <Button asChild colorPalette="blue">
              <RouterLink to={paths.allCourses}>Browse courses</RouterLink>
            </Button>
          </EmptyState>
        ) : (
          <Stack gap="4">
            <Field.Root>
              <Field.Label>Course</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={chosen} onChange={(e) => choose(e.target.value)}>
                  {courses.map((course) => (
                    <option key={course.id} value={course.courseId}>
                      {course.courseName}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {existing && !showForm && (
              <Stack as="section" aria-label="Your review" gap="3">
                <Text fontWeight="semibold">You have reviewed this course:</Text>
                <ReviewCard review={existing} />
                {confirmDelete ? (
                  <HStack gap="2" wrap="wrap">
                    <Text>Delete your review for good?</Text>
                    <Button colorPalette="red" size="sm" disabled={deleting} onClick={() => void remove()}>
                      Yes, delete it
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => setConfirmDelete(false)}>
                      Keep it
                    </Button>
                  </HStack>
                ) : (
                  <HStack gap="2">
                    <Button colorPalette="blue" onClick={edit}>
                      Edit
                    </Button>
                    <Button variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
                      Delete
                    </Button>
                  </HStack>
                )}
              </Stack>
            )}
          </Stack>
        )}
        {courses.length > 0 && showForm && (
          <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add Review">
            <Stack gap="4">
              <Field.Root invalid={Boolean(problems?.fields.text)}>
                <Textarea rows={5} placeholder="Write about Course" aria-label="Write about Course" value={text} onChange={(e) => setText(e.target.value)} />
                <Field.ErrorText>{problems?.fields.text}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(problems?.fields.rating)}>
                <Field.Label>Feedback Rating</Field.Label>
                <StarRating value={rating} onChange={setRating} />
                <Field.ErrorText>{problems?.fields.rating}</Field.ErrorText>
              </Field.Root>
              {problems && !problems.fields.rating && !problems.fields.text && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{problems.message}</Alert.Title>
                </Alert.Root>
              )}
              <Button type="submit" colorPalette="blue" alignSelf="start" disabled={saving}>
                Submit
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Container>
  );
}
