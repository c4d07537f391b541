import { Star } from 'lucide-react';
import { useT } from '../lib/i18n';
import '../styles/ui.css';
import './review-card.css';

/** Five stars to choose a rating; shows a rating when read-only. */
export function StarRating({ value, onChange, label }: { value: number; onChange?: (stars: number) => void; label?: string }) {
  const t = useT();
  return (
    <div
      className="star-rating"
      role={onChange ? 'radiogroup' : 'img'}
      aria-label={onChange ? (label ?? t('common.feedbackRating')) : t('rating.outOfFive', { value })}
    >
      {[1, 2, 3, 4, 5].map((stars) => {
        const icon = <Star size={onChange ? 28 : 16} fill={stars <= value ? '#f59e0b' : 'none'} color="#f59e0b" aria-hidden />;
        return onChange ? (
          <button
            key={stars}
            type="button"
            className="ui-button ui-ghost ui-icon"
            role="radio"
            aria-checked={stars === value}
            aria-label={t('rating.stars', { stars })}
            onClick={() => onChange(stars)}
          >
            {icon}
          </button>
        ) : (
          <span key={stars}>{icon}</span>
        );
      })}
    </div>
  );
}
