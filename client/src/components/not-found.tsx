import { Button, Container, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../lib/i18n';
import { paths } from '../lib/paths';

/** The catch-all page: what happened and the way home, as text in the page's language, beside a wordless picture. */
export default function NotFoundPage() {
  const t = useT();
  return (
    <Container maxW="3xl" py="12">
      <Stack gap="5" align="center" textAlign="center">
        <Image src="/media/not-found.svg" alt="" htmlWidth="600" htmlHeight="360" width="100%" maxW="md" h="auto" />
        <Heading as="h1" size="2xl">
          {t('notFound.title')}
        </Heading>
        <Text color="gray.600">{t('notFound.text')}</Text>
        <Button asChild colorPalette="blue" minH="44px">
          <RouterLink to={paths.home}>{t('notFound.home')}</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
