import { Button, HStack, Text } from '@chakra-ui/react';
import { useT } from '../lib/i18n';

interface PagerProps {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
}

/** Previous / Next through a long list, with where the visitor is. */
export function Pager({ offset, limit, total, onChange }: PagerProps) {
  const t = useT();
  if (total <= limit) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.ceil(total / limit);
  return (
    <HStack as="nav" aria-label={t('pager.label')} justify="center" gap="4" py="6">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onChange(Math.max(0, offset - limit))}>
        {t('pager.previous')}
      </Button>
      <Text fontSize="sm" aria-live="polite">
        {t('pager.position', { page, pages })}
      </Text>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onChange(offset + limit)}>
        {t('pager.next')}
      </Button>
    </HStack>
  );
}
