import { Box, Button, Container, Flex, Heading, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { PlayCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

// The dialog's code loads only when a visitor asks for the tour.
const TourDialog = lazy(async () => ({ default: (await import('./tour-dialog')).TourDialog }));

export function Hero({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const [tourOpen, setTourOpen] = useState(false);
  return (
    <Box bg="blue.50">
      <Container maxW="7xl" py={{ base: '10', md: '16' }}>
        <Flex direction={{ base: 'column', md: 'row' }} align="center" gap="10">
          <Stack gap="5" flex="1">
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
              {t('home.hero.title')}
            </Heading>
            <Text fontSize="lg" color="gray.700">
              {t('home.hero.text')}
            </Text>
            <HStack gap="5" wrap="wrap">
              {signedIn ? (
                <Button colorPalette="blue" size="lg" disabled>
                  {t('home.hero.joined')}
                </Button>
              ) : (
                <Button asChild colorPalette="blue" size="lg">
                  <RouterLink to={paths.login}>{t('home.hero.joinFree')}</RouterLink>
                </Button>
              )}
              {/* Without scripts (before they arrive) the link still leads down the page. */}
              <Link
                href="#available-on"
                color="blue.700"
                fontWeight="semibold"
                minH="44px"
                onClick={(e) => {
                  e.preventDefault();
                  setTourOpen(true);
                }}
              >
                <PlayCircle size={22} aria-hidden /> {t('home.hero.watch')}
              </Link>
            </HStack>
          </Stack>
          <Image
            src="/media/hero.svg"
            alt={t('home.hero.imageAlt')}
            htmlWidth="560"
            htmlHeight="420"
            maxW={{ base: '100%', md: '45%' }}
            height="auto"
            fetchPriority="high"
          />
        </Flex>
      </Container>
      {tourOpen && (
        <Suspense fallback={null}>
          <TourDialog open onClose={() => setTourOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
