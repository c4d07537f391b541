import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState, InlineLoading } from '../../../components/states';
import { formatDateTime, formatDigits } from '../../../lib/format';
import { describeError } from '../../../lib/graphql-errors';
import { useLanguage } from '../../../lib/i18n';
import { useAuthoringT } from './texts';
import { paths } from '../../../lib/paths';
import { toaster } from '../../../lib/toaster';
import { useAuthoredModelTestsQuery, useSetModelTestPublishedMutation, type AuthoredModelTestFragment } from '../api/authoring.generated';
import { useLevelName } from './syllabus-fields';

/** The model tests the author may edit, drafts included: publish, take back, edit, or start a new one. */
export default function ModelTestsListPage() {
  const t = useAuthoringT();
  const { data, loading, error, refetch } = useAuthoredModelTestsQuery({ fetchPolicy: 'cache-and-network' });
  const tests = data?.authoredModelTests ?? [];
  return (
    <Stack gap="5">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t('authoring.tests.title')}
        </Heading>
        <HStack gap="2">
          <Button asChild variant="outline" size="sm">
            <RouterLink to={paths.questionBank}>{t('authoring.bank.title')}</RouterLink>
          </Button>
          <Button asChild colorPalette="blue" size="sm">
            <RouterLink to={paths.newModelTest}>{t('authoring.tests.new')}</RouterLink>
          </Button>
        </HStack>
      </HStack>
      {loading && !data ? (
        <InlineLoading />
      ) : error && !data ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : tests.length === 0 ? (
        <EmptyState>
          <Text>{t('authoring.tests.empty')}</Text>
        </EmptyState>
      ) : (
        <Stack gap="3">
          {tests.map((test) => (
            <AuthoredTestCard key={test.id} test={test} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AuthoredTestCard({ test }: { test: AuthoredModelTestFragment }) {
  const t = useAuthoringT();
  const { language } = useLanguage();
  const levelName = useLevelName();
  const [setPublished, { loading }] = useSetModelTestPublishedMutation();
  const toggle = async () => {
    try {
      await setPublished({ variables: { id: test.id, published: !test.published } });
      toaster.create({ title: t(test.published ? 'authoring.tests.unpublished' : 'authoring.tests.published'), type: 'success' });
    } catch (failure) {
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    }
  };
  return (
    <Card.Root size="sm" data-testid="authored-test">
      <Card.Body gap="2">
        <HStack gap="2" flexWrap="wrap">
          <Badge colorPalette={test.published ? 'green' : 'gray'}>{t(test.published ? 'authoring.tests.stateLive' : 'authoring.tests.stateDraft')}</Badge>
          <Badge colorPalette="blue">{levelName(test.classLevel)}</Badge>
          {test.free && <Badge colorPalette="green">{t('practice.free')}</Badge>}
          {test.negativeMark > 0 && <Badge colorPalette="orange">{t('practice.negative', { mark: formatDigits(test.negativeMark, language) })}</Badge>}
        </HStack>
        <Card.Title>{test.title}</Card.Title>
        <Text fontSize="sm" color="gray.600">
          {test.courseName ?? t('authoring.noCourse')}
        </Text>
        <Text fontSize="sm">
          {t('practice.shape', { questions: formatDigits(test.questionCount, language), minutes: formatDigits(test.durationMinutes, language) })}
        </Text>
        <Text fontSize="sm" color="gray.600">
          {test.opensAt || test.closesAt
            ? t('authoring.tests.window', {
                opens: test.opensAt ? formatDateTime(test.opensAt, language) : '—',
                closes: test.closesAt ? formatDateTime(test.closesAt, language) : '—',
              })
            : t('authoring.anyTime')}
        </Text>
        <HStack gap="2" flexWrap="wrap">
          <Button asChild size="xs" variant="outline">
            <RouterLink to={paths.editModelTest(test.id)}>{t('authoring.edit')}</RouterLink>
          </Button>
          <Button size="xs" colorPalette={test.published ? 'orange' : 'green'} loading={loading} onClick={() => void toggle()}>
            {t(test.published ? 'authoring.unpublish' : 'authoring.publish')}
          </Button>
          {test.published && (
            <Button asChild size="xs" variant="ghost">
              <RouterLink to={paths.modelTest(test.id)}>{t('authoring.tests.asStudent')}</RouterLink>
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
