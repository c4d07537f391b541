import { Button, HStack, Text } from '@chakra-ui/react';

interface PagerProps {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
}

/** Previous / Next through a long list, with where the visitor is. */
export function Pager({ offset, limit, total, onChange }: PagerProps) {
  if (total <= limit) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.ceil(total / limit);
  return (
    <HStack as="nav" aria-label="Pages" justify="center" gap="4" py="6">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onChange(Math.max(0, offset - limit))}>
        Previous
      </Button>
      <Text fontSize="sm" aria-live="polite">
        Page {page} of {pages}
      </Text>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onChange(offset + limit)}>
        Next
      </Button>
    </HStack>
  );
}
