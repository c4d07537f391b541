import { Box, Button, Card, Field, Heading, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { describeError } from '../../lib/graphql-errors';
import { formatDateTime } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { toaster } from '../../lib/toaster';
import { useAnnouncementCoursesQuery, useCourseAnnouncementsQuery, useSendAnnouncementMutation } from './api/announcements.generated';

/** An instructor writes to a course's students: by mail (SMS without email) and in their My Courses. */
export default function AnnouncementsPage() {
  const t = useT();
  const { language } = useLanguage();
  const courses = useAnnouncementCoursesQuery();
  const list = courses.data?.managedCourses.items ?? [];
  const [courseId, setCourseId] = useState('');
  const chosen = courseId || list[0]?.id || '';
  const sent = useCourseAnnouncementsQuery({ variables: { courseId: chosen }, skip: !chosen, fetchPolicy: 'cache-and-network' });
  const [send, { loading }] = useSendAnnouncementMutation({ refetchQueries: ['CourseAnnouncements'] });
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await send({ variables: { courseId: chosen, title, text } });
      toaster.create({ title: t('announcements.sent'), type: 'success' });
      setTitle('');
      setText('');
    } catch (failure) {
      const { message, field } = describeError(failure, t);
      setErrors({ [field === 'title' || field === 'text' ? field : 'form']: message });
    }
  };

  if (courses.loading && !courses.data) return <InlineLoading />;
  if (courses.error && !courses.data) return <ErrorState onRetry={() => void courses.refetch()} />;
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t('announcements.title')}
      </Heading>
      {list.length === 0 ? (
        <EmptyState>{t('announcements.noCourses')}</EmptyState>
      ) : (
        <>
          <Card.Root>
            <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('announcements.new')}>
              <Card.Body gap="4">
                <Text color="fg.muted">{t('announcements.help')}</Text>
                <Field.Root>
                  <Field.Label>{t('announcements.course')}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={chosen} onChange={(e) => setCourseId(e.target.value)}>
                      {list.map((course) => (
                        <option key={course.id} value={course.id}>
                          {course.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root required invalid={Boolean(errors.title)}>
                  <Field.Label>{t('announcements.titleField')}</Field.Label>
                  <Input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
                  <Field.ErrorText>{errors.title}</Field.ErrorText>
                </Field.Root>
                <Field.Root required invalid={Boolean(errors.text)}>
                  <Field.Label>{t('announcements.text')}</Field.Label>
                  <Textarea value={text} maxLength={2000} rows={5} onChange={(e) => setText(e.target.value)} />
                  <Field.ErrorText>{errors.text}</Field.ErrorText>
                </Field.Root>
                {errors.form && (
                  <Text color="red.600" role="alert">
                    {errors.form}
                  </Text>
                )}
                <Button type="submit" colorPalette="blue" alignSelf="start" minH="44px" loading={loading}>
                  {t('announcements.send')}
                </Button>
              </Card.Body>
            </form>
          </Card.Root>
          <Heading as="h2" size="md">
            {t('announcements.sentList')}
          </Heading>
          {sent.data?.courseAnnouncements.items.length === 0 ? (
            <EmptyState>{t('announcements.none')}</EmptyState>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {sent.data?.courseAnnouncements.items.map((note) => (
                <Box as="li" key={note.id} borderWidth="1px" borderRadius="md" p="3">
                  <Text fontWeight="semibold">{note.title}</Text>
                  <Text whiteSpace="pre-line">{note.text}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {formatDateTime(note.createdAt, language)}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
