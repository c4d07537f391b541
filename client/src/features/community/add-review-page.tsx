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
import { useT } from '../../lib/i18n';

export default function AddReviewPage() {
  const t = useT();
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
      toaster.create({ title: t('community.review.deleted'), type: 'success' });
    } catch (failure) {
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating === 0) {
      setProblems({ message: t('community.review.chooseRating'), fields: { rating: t('community.review.chooseRating') } });
      return;
    }
    try {
      await submitReview({ variables: { input: { courseId: chosen, rating, text } } });
      toaster.create({ title: t('community.review.thanks'), type: 'success' });
      void navigate(paths.course(chosen));
    } catch (failure) {
      setProblems(describeError(failure, t));
    }
  };

  return (
    <Container maxW="xl" py="10">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {t('community.review.add')}
        </Heading>
        <Text>{t('community.review.intro')}</Text>
        {courses.length === 0 ? (
          <EmptyState>
            <Text mb="3">{t('community.review.enrollFirst')}</Text>
            <Button asChild colorPalette="blue">
              <RouterLink to={paths.allCourses}>{t('community.review.browse')}</RouterLink>
            </Button>
          </EmptyState>
        ) : (
          <Stack gap="4">
            <Field.Root>
              <Field.Label>{t('community.review.course')}</Field.Label>
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
              <Stack as="section" aria-label={t('community.review.yours')} gap="3">
                <Text fontWeight="semibold">{t('community.review.reviewed')}</Text>
                <ReviewCard review={existing} />
                {confirmDelete ? (
                  <HStack gap="2" wrap="wrap">
                    <Text>{t('community.review.deleteConfirm')}</Text>
                    <Button colorPalette="red" size="sm" disabled={deleting} onClick={() => void remove()}>
                      {t('community.review.yesDelete')}
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => setConfirmDelete(false)}>
                      {t('community.review.keep')}
                    </Button>
                  </HStack>
                ) : (
                  <HStack gap="2">
                    <Button colorPalette="blue" onClick={edit}>
                      {t('community.review.edit')}
                    </Button>
                    <Button variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
                      {t('community.review.delete')}
                    </Button>
                  </HStack>
                )}
              </Stack>
            )}
          </Stack>
        )}
        {courses.length > 0 && showForm && (
          <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('community.review.add')}>
            <Stack gap="4">
              <Field.Root invalid={Boolean(problems?.fields.text)}>
                <Textarea
                  rows={5}
                  placeholder={t('community.review.placeholder')}
                  aria-label={t('community.review.placeholder')}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                />
                <Field.ErrorText>{problems?.fields.text}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(problems?.fields.rating)}>
                <Field.Label>{t('common.feedbackRating')}</Field.Label>
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
                {t('community.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Container>
  );
}
