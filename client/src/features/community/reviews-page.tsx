import { Button, Container, Heading, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useState } from 'react';
import { PagedView } from '../../components/paged-view';
import { ReviewCard } from '../../components/review-card';
import type { ReviewCard_ReviewFragment } from '../../components/review-card.generated';
import { useReviewsPageQuery } from './api/reviews-page.generated';
import { useSetReviewHiddenMutation } from './api/reviews.generated';
import { useSession } from '../../lib/session-context';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';

const PAGE_SIZE = 12;

export default function ReviewsPage() {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useReviewsPageQuery({ variables: { offset, limit: PAGE_SIZE } });
  const page = (data ?? previousData)?.reviews;
  const testimonials = (data ?? previousData)?.testimonials.items ?? [];
  const { state } = useSession();
  const isAdmin = state.status === 'signedIn' && state.user.role === 'ADMIN';
  const [setHidden] = useSetReviewHiddenMutation();
  const hide = async (id: string) => {
    await setHidden({ variables: { id, hidden: true } });
    await refetch();
  };
  const card = (review: ReviewCard_ReviewFragment) => (
    <Stack key={review.id} gap="1">
      <ReviewCard review={review} />
      {isAdmin && (
        <Button size="xs" variant="ghost" colorPalette="red" alignSelf="start" onClick={() => void hide(review.id)}>
          {t('community.hide')}
        </Button>
      )}
    </Stack>
  );
  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <HStack justify="space-between">
          <Heading as="h1" size="2xl">
            {t('community.reviews.title')}
          </Heading>
          {state.status === 'signedIn' && state.user.role === 'STUDENT' && (
            <Button asChild colorPalette="blue" size="sm">
              <RouterLink to={paths.addReview}>{t('community.review.add')}</RouterLink>
            </Button>
          )}
        </HStack>
        {testimonials.length > 0 && (
          <SimpleGrid as="section" aria-label={t('community.reviews.learnersSay')} columns={{ base: 1, md: 2, lg: 4 }} gap="5">
            {testimonials.map(card)}
          </SimpleGrid>
        )}
        <Heading as="h2" size="xl" id="student-reviews">
          {t('community.reviews.students')}
        </Heading>
        <PagedView page={page} loading={loading} failed={Boolean(error)} onRetry={() => void refetch()} empty={t('community.reviews.empty')} onPage={setOffset}>
          {(items) => (
            <SimpleGrid as="section" aria-labelledby="student-reviews" columns={{ base: 1, md: 2, lg: 4 }} gap="5">
              {items.map(card)}
            </SimpleGrid>
          )}
        </PagedView>
      </Stack>
    </Container>
  );
}
