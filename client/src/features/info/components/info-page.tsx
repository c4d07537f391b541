import { Container, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxW="4xl" py="10">
      <Stack gap="5" lineHeight="tall" color="gray.800">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </Container>
  );
}
