import { HStack, IconButton } from '@chakra-ui/react';
import { Star } from 'lucide-react';
import { useT } from '../lib/i18n';

/** Five stars to choose a rating; shows a rating when read-only. */
export function StarRating({ value, onChange, label }: { value: number; onChange?: (stars: number) => void; label?: string }) {
  const t = useT();
  return (
    <HStack gap="1" role={onChange ? 'radiogroup' : 'img'} aria-label={onChange ? (label ?? t('common.feedbackRating')) : t('rating.outOfFive', { value })}>
      {[1, 2, 3, 4, 5].map((stars) => {
        const icon = <Star size={onChange ? 28 : 16} fill={stars <= value ? '#f59e0b' : 'none'} color="#f59e0b" aria-hidden />;
        return onChange ? (
          <IconButton
            key={stars}
            variant="ghost"
            role="radio"
            aria-checked={stars === value}
            aria-label={t('rating.stars', { stars })}
            onClick={() => onChange(stars)}
          >
            {icon}
          </IconButton>
        ) : (
          <span key={stars}>{icon}</span>
        );
      })}
    </HStack>
  );
}
