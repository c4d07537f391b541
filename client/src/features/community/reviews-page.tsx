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
import '../../styles/ui.css';
import './community.css';

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
    <div key={review.id} className="ui-stack community-moderated">
      <ReviewCard review={review} />
      {isAdmin && (
        <button type="button" className="ui-button ui-ghost ui-red ui-xs" onClick={() => void hide(review.id)}>
          {t('community.hide')}
        </button>
      )}
    </div>
  );
  return (
    <div className="ui-container ui-page">
      <div className="ui-stack">
        <div className="ui-title-row">
          <h1 className="ui-heading ui-heading-2xl">{t('community.reviews.title')}</h1>
          {state.status === 'signedIn' && state.user.role === 'STUDENT' && (
            <RouterLink className="ui-button ui-blue ui-sm" to={paths.addReview}>
              {t('community.review.add')}
            </RouterLink>
          )}
        </div>
        {testimonials.length > 0 && (
          <section className="ui-grid ui-grid-4" aria-label={t('community.reviews.learnersSay')}>
            {testimonials.map(card)}
          </section>
        )}
        <h2 className="ui-heading ui-heading-xl" id="student-reviews">
          {t('community.reviews.students')}
        </h2>
        <PagedView page={page} loading={loading} failed={Boolean(error)} onRetry={() => void refetch()} empty={t('community.reviews.empty')} onPage={setOffset}>
          {(items) => (
            <section className="ui-grid ui-grid-4" aria-labelledby="student-reviews">
              {items.map(card)}
            </section>
          )}
        </PagedView>
      </div>
    </div>
  );
}
