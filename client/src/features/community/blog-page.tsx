import { Button, Card, Container, Heading, HStack, Image, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { PagedView } from '../../components/paged-view';
import { useBlogsPageQuery } from './api/blogs-page.generated';
import { useSetBlogHiddenMutation } from './api/blogs.generated';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { useT } from '../../lib/i18n';

const PAGE_SIZE = 9;

export default function BlogPage() {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useBlogsPageQuery({ variables: { offset, limit: PAGE_SIZE } });
  const page = (data ?? previousData)?.blogs;
  const { state } = useSession();
  const isAdmin = state.status === 'signedIn' && state.user.role === 'ADMIN';
  const canWrite = state.status === 'signedIn' && state.user.role !== 'STUDENT';
  const [setHidden] = useSetBlogHiddenMutation();
  const hide = async (id: string) => {
    await setHidden({ variables: { id, hidden: true } });
    await refetch();
  };
  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <HStack justify="space-between">
          <Heading as="h1" size="2xl">
            {t('community.blog.heading')}
          </Heading>
          {canWrite && (
            <Button asChild colorPalette="blue" size="sm">
              <RouterLink to={paths.addBlog}>{t('community.blog.add')}</RouterLink>
            </Button>
          )}
        </HStack>
        <PagedView page={page} loading={loading} failed={Boolean(error)} onRetry={() => void refetch()} empty={t('community.blog.empty')} onPage={setOffset}>
          {(items) => (
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
              {items.map((blog) => (
                <Card.Root key={blog.id} overflow="hidden" data-testid="blog-card">
                  <Image
                    src={blog.img || '/media/blog/blog-math.svg'}
                    alt=""
                    htmlWidth="640"
                    htmlHeight="360"
                    width="100%"
                    aspectRatio={16 / 9}
                    objectFit="cover"
                    loading="lazy"
                  />
                  <Card.Body gap="2">
                    <Card.Title as="h2">
                      <Link asChild>
                        <RouterLink to={paths.blogPost(blog.id)}>{blog.title}</RouterLink>
                      </Link>
                    </Card.Title>
                    <Text color="gray.700">{blog.description}</Text>
                  </Card.Body>
                  <Card.Footer justifyContent="space-between" color="gray.600" fontSize="sm">
                    <Text>{t('community.blog.by', { author: blog.author })}</Text>
                    <HStack gap="1">
                      <Eye size={16} aria-hidden />
                      <Text>{t('community.blog.reads', { count: blog.reads })}</Text>
                    </HStack>
                    {isAdmin && (
                      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void hide(blog.id)}>
                        {t('community.hide')}
                      </Button>
                    )}
                  </Card.Footer>
                </Card.Root>
              ))}
            </SimpleGrid>
          )}
        </PagedView>
      </Stack>
    </Container>
  );
}
