import { Card, Container, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxW="md" py={{ base: '8', md: '14' }}>
      <Card.Root>
        <Card.Body gap="5">
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          {children}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
