import { Container, Image, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../lib/i18n';
import { paths } from '../lib/paths';

/** The catch-all page: an image that leads home. */
export default function NotFoundPage() {
  const t = useT();
  return (
    <Container maxW="3xl" py="12">
      <Link asChild display="block" aria-label={t('notFound.label')}>
        <RouterLink to={paths.home}>
          <Image src="/media/not-found.svg" alt={t('notFound.label')} htmlWidth="600" htmlHeight="360" width="100%" h="auto" />
        </RouterLink>
      </Link>
    </Container>
  );
}
