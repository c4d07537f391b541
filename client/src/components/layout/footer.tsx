import { Box, Button, Container, Grid, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSubscribeMutation } from './subscribe.generated';
import { describeError } from '../../lib/graphql-errors';
import { messages } from '../../lib/messages';
import { toaster } from '../../lib/toaster';

export const footerLinks = [
  { to: '/contact', label: 'Contact' },
  { to: '/about', label: 'About Us' },
  { to: '/termsAndCondition', label: 'Terms and Condition' },
  { to: '/privacyAndPolicy', label: 'Privacy Policy' },
  { to: '/RefundPolicy', label: 'Refund Policy' },
  { to: '/blog', label: 'Blog' },
  { to: '/career', label: 'Career' },
  { to: '/support', label: 'Support' },
  { to: '/complain-box', label: 'Complain Box' },
  { to: '/success-story', label: 'Success Story' },
  { to: '/reviews', label: 'Reviews' },
];

function SubscribeForm() {
  const [email, setEmail] = useState('');
  const [subscribe, { loading }] = useSubscribeMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await subscribe({ variables: { email } });
      toaster.create({ title: messages.subscribeThanks, type: 'success' });
      setEmail('');
    } catch (failure) {
      toaster.create({ title: describeError(failure).message, type: 'error' });
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Subscribe">
      <HStack gap="2">
        <Input
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="Your email"
          aria-label="Your email"
          bg="white"
          color="gray.900"
        />
        <Button type="submit" colorPalette="blue" disabled={loading}>
          Subscribe
        </Button>
      </HStack>
    </form>
  );
}

export function Footer() {
  return (
    <Box as="footer" bg="gray.900" color="gray.100" mt="16">
      <Container maxW="7xl" py="10">
        <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="10">
          <Stack gap="3">
            <Heading as="h2" size="md">
              Useful links
            </Heading>
            <Grid as="ul" listStyleType="none" templateColumns={{ base: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' }} gap="2">
              {footerLinks.map((link) => (
                <li key={link.to}>
                  <Link asChild color="gray.200">
                    <RouterLink to={link.to}>{link.label}</RouterLink>
                  </Link>
                </li>
              ))}
            </Grid>
          </Stack>
          <Stack gap="3">
            <Heading as="h2" size="md">
              Subscribe
            </Heading>
            <Text color="gray.300">New courses and study tips, once a week.</Text>
            <SubscribeForm />
          </Stack>
        </Grid>
        <Text mt="10" fontSize="sm" color="gray.400" textAlign="center">
          Copyright 2022 Shikhon. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
