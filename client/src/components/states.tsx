import { Box, Button, Center, Flex, Spinner, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';

/** The spec's full-screen indicator while course lists load. */
export function FullScreenLoading() {
  const t = useT();
  return (
    <Center minH="70vh" role="status" aria-live="polite" flexDirection="column" gap="3">
      <Spinner size="xl" color="blue.600" borderWidth="4px" />
      <Text color="gray.600">{t('common.loading')}</Text>
    </Center>
  );
}

export function InlineLoading({ label }: { label?: string }) {
  const t = useT();
  return (
    <Flex role="status" aria-live="polite" justify="center" align="center" gap="2" py="10" color="gray.600">
      <Spinner size="sm" />
      <Text>{label ?? t('common.loading')}</Text>
    </Flex>
  );
}

/** A failed request: what happened and a way to try again, never a blank page. */
export function ErrorState({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const t = useT();
  return (
    <VStack role="alert" py="10" px="4" gap="3" textAlign="center">
      <Text fontWeight="semibold" color="red.700">
        {message ?? t('common.loadFailed')}
      </Text>
      {onRetry && (
        <Button onClick={onRetry} colorPalette="blue" variant="outline">
          {t('common.retry')}
        </Button>
      )}
    </VStack>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Box py="12" px="4" textAlign="center" color="gray.600">
      {children}
    </Box>
  );
}
