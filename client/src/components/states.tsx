import { Box, Button, Center, Flex, Spinner, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { loadFailed, messages } from '../lib/messages';

/** The spec's full-screen indicator while course lists load. */
export function FullScreenLoading() {
  return (
    <Center minH="70vh" role="status" aria-live="polite" flexDirection="column" gap="3">
      <Spinner size="xl" color="blue.600" borderWidth="4px" />
      <Text color="gray.600">{messages.loading}</Text>
    </Center>
  );
}

export function InlineLoading({ label = messages.loading }: { label?: string }) {
  return (
    <Flex role="status" aria-live="polite" justify="center" align="center" gap="2" py="10" color="gray.600">
      <Spinner size="sm" />
      <Text>{label}</Text>
    </Flex>
  );
}

/** A failed request: what happened and a way to try again, never a blank page. */
export function ErrorState({ onRetry, message = loadFailed }: { onRetry?: () => void; message?: string }) {
  return (
    <VStack role="alert" py="10" px="4" gap="3" textAlign="center">
      <Text fontWeight="semibold" color="red.700">
        {message}
      </Text>
      {onRetry && (
        <Button onClick={onRetry} colorPalette="blue" variant="outline">
          Retry
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
