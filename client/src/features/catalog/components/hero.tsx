import { Box, Button, Container, Flex, Heading, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { PlayCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../lib/paths';

// The dialog's code loads only when a visitor asks for the tour.
const TourDialog = lazy(async () => ({ default: (await import('./tour-dialog')).TourDialog }));

export function Hero({ signedIn }: { signedIn: boolean }) {
  const [tourOpen, setTourOpen] = useState(false);
  return (
    <Box bg="blue.50">
      <Container maxW="7xl" py={{ base: '10', md: '16' }}>
        <Flex direction={{ base: 'column', md: 'row' }} align="center" gap="10">
          <Stack gap="5" flex="1">
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
              Studying Online is now much easier
            </Heading>
            <Text fontSize="lg" color="gray.700">
              School courses for classes 1 to 12 and professional skill courses, taught by the best teachers of
              Bangladesh. Learn at your own pace, on any device.
            </Text>
            <HStack gap="5" wrap="wrap">
              {signedIn ? (
                <Button colorPalette="blue" size="lg" disabled>
                  Joined
                </Button>
              ) : (
                <Button asChild colorPalette="blue" size="lg">
                  <RouterLink to={paths.login}>Join Free</RouterLink>
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
                <PlayCircle size={22} aria-hidden /> Watch how it works
              </Link>
            </HStack>
          </Stack>
          <Image
            src="/media/hero.svg"
            alt="A student learning online"
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
