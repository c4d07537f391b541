import { Alert, Button, Container, Field, Heading, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { StarRating } from '../../components/star-rating';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { useAddReviewPageQuery, useSubmitReviewMutation } from './api/voices.generated';
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

  if (loading && !data) return <InlineLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const courses = data?.myEnrollments ?? [];
  const chosen = courseId || courses[0]?.courseId || '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating === 0) {
      setProblems({ message: 'Choose a rating from 1 to 5 stars', fields: { rating: 'Choose a rating from 1 to 5 stars' } });
      return;
    }
    try {
      await submitReview({ variables: { input: { courseId: chosen, rating, text } } });
      toaster.create({ title: 'Thank you for your review!', type: 'success' });
      navigate(paths.course(chosen));
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
          <form onSubmit={submit} noValidate aria-label="Add Review">
            <Stack gap="4">
              <Field.Root>
                <Field.Label>Course</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={chosen} onChange={(e) => setCourseId(e.target.value)}>
                    {courses.map((course) => (
                      <option key={course.id} value={course.courseId}>
                        {course.courseName}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
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
