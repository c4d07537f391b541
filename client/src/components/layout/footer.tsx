import { Box, Button, Container, Grid, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSubscribeMutation } from './subscribe.generated';
import { describeError } from '../../lib/graphql-errors';
import { localDigits } from '../../lib/digits';
import { useLanguage, useT, type Language, type MessageKey } from '../../lib/i18n';
import { toaster } from '../../lib/toaster';
import { paths } from '../../lib/paths';

/** This year, in the page's digits and without grouping: 2026, ২০২৬ (as Intl writes it, without making a formatter). */
const currentYear = (language: Language) => localDigits(String(new Date().getFullYear()), language);

export const footerLinks: { to: string; label: MessageKey }[] = [
  { to: paths.contact, label: 'footer.contact' },
  { to: paths.about, label: 'footer.about' },
  { to: paths.terms, label: 'footer.terms' },
  { to: paths.privacy, label: 'footer.privacy' },
  { to: paths.refund, label: 'footer.refund' },
  { to: paths.blog, label: 'footer.blog' },
  { to: paths.career, label: 'footer.career' },
  { to: paths.support, label: 'footer.support' },
  { to: paths.complainBox, label: 'footer.complainBox' },
  { to: paths.successStory, label: 'footer.successStory' },
  { to: paths.reviews, label: 'footer.reviews' },
];

function SubscribeForm() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [subscribe, { loading }] = useSubscribeMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await subscribe({ variables: { email } });
      toaster.create({ title: t('footer.subscribeThanks'), type: 'success' });
      setEmail('');
    } catch (failure) {
      toaster.create({ title: describeError(failure).message, type: 'error' });
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t('footer.subscribe')}>
      <HStack gap="2">
        <Input
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('footer.yourEmail')}
          aria-label={t('footer.yourEmail')}
          bg="white"
          color="gray.900"
        />
        <Button type="submit" colorPalette="blue" disabled={loading}>
          {t('footer.subscribe')}
        </Button>
      </HStack>
    </form>
  );
}

export function Footer() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Box as="footer" bg="gray.900" color="gray.100" mt="16">
      <Container maxW="7xl" py="10">
        <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="10">
          <Stack gap="3">
            <Heading as="h2" size="md">
              {t('footer.usefulLinks')}
            </Heading>
            <Grid as="ul" listStyleType="none" templateColumns={{ base: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' }} gap="2">
              {footerLinks.map((link) => (
                <li key={link.to}>
                  <Link asChild color="gray.200">
                    <RouterLink to={link.to}>{t(link.label)}</RouterLink>
                  </Link>
                </li>
              ))}
            </Grid>
          </Stack>
          <Stack gap="3">
            <Heading as="h2" size="md">
              {t('footer.subscribe')}
            </Heading>
            <Text color="gray.300">{t('footer.subscribeText')}</Text>
            <SubscribeForm />
          </Stack>
        </Grid>
        <Text mt="10" fontSize="sm" color="gray.400" textAlign="center">
          {t('footer.copyright', { year: currentYear(language) })}
        </Text>
      </Container>
    </Box>
  );
}
