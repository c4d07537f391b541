import { Container, Image, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../lib/paths';

/** The catch-all page: an image that leads home. */
export default function NotFoundPage() {
  return (
    <Container maxW="3xl" py="12">
      <Link asChild display="block" aria-label="Page not found. Go back home">
        <RouterLink to={paths.home}>
          <Image src="/media/not-found.svg" alt="Page not found. Go back home" htmlWidth="600" htmlHeight="360" width="100%" h="auto" />
        </RouterLink>
      </Link>
    </Container>
  );
}
