import { Container, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { Eye } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { useBlogPostQuery } from './api/blogs-page.generated';
import { useOpenBlogMutation } from './api/blogs.generated';
import { useT } from '../../lib/i18n';
import { useRecordNotFound } from '../../app/page-status';

/** One blog post (the server can send it with its content); opening it in the browser counts one read. */
export default function BlogPostPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useBlogPostQuery({ variables: { id } });
  const [open] = useOpenBlogMutation();
  useRecordNotFound(Boolean(data) && !data?.blog);
  // The answer updates the post's read count in the cache.
  useEffect(() => {
    void open({ variables: { id } }).catch(() => undefined);
  }, [id, open]);
  if (loading && !data) return <InlineLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const post = data?.blog;
  if (!post) return <EmptyState>{t('community.blog.notFound')}</EmptyState>;
  return (
    <Container maxW="3xl" py="10">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {post.title}
        </Heading>
        <HStack gap="4" color="gray.600" fontSize="sm">
          <Text>{t('community.blog.by', { author: post.author })}</Text>
          <HStack gap="1">
            <Eye size={16} aria-hidden />
            <Text>{t('community.blog.reads', { count: post.reads })}</Text>
          </HStack>
        </HStack>
        {post.img && <Image src={post.img} alt="" htmlWidth="640" htmlHeight="360" width="100%" borderRadius="md" />}
        <Text whiteSpace="pre-line" lineHeight="tall">
          {post.description}
        </Text>
      </Stack>
    </Container>
  );
}
