import { useState } from 'react';
import { PagedView } from '../../components/paged-view';
import { ReviewCard } from '../../components/review-card';
import { useSuccessStoriesQuery } from './api/success-stories.generated';
import { useT } from '../../lib/i18n';
import '../../styles/ui.css';

const PAGE_SIZE = 12;
/** A success story is a real learner's review of four or five stars. */
export const SUCCESS_MIN_RATING = 4;

export default function SuccessStoryPage() {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useSuccessStoriesQuery({
    variables: { offset, limit: PAGE_SIZE, minRating: SUCCESS_MIN_RATING },
  });
  return (
    <div className="ui-container ui-page">
      <div className="ui-stack">
        <h1 className="ui-heading ui-heading-2xl">{t('community.success.title')}</h1>
        <p className="ui-muted">{t('community.success.intro')}</p>
        <PagedView
          page={(data ?? previousData)?.reviews}
          loading={loading}
          failed={Boolean(error)}
          onRetry={() => void refetch()}
          empty={t('community.success.empty')}
          onPage={setOffset}
        >
          {(items) => (
            <div className="ui-grid ui-grid-3">
              {items.map((review) => (
                <ReviewCard key={review.id} review={review} />
              ))}
            </div>
          )}
        </PagedView>
      </div>
    </div>
  );
}
