import { Container, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { Eye } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorState, InlineLoading } from '../../components/states';
import { useOpenBlogMutation } from './api/voices.generated';
import { describeError } from '../../lib/graphql-errors';

/** One blog post; opening it counts one read. */
export default function BlogPostPage() {
  const { id = '' } = useParams();
  const [open, { data, loading, error }] = useOpenBlogMutation();
  useEffect(() => {
    void open({ variables: { id } }).catch(() => undefined);
  }, [id, open]);
  if (error) return <ErrorState message={describeError(error).message} onRetry={() => void open({ variables: { id } }).catch(() => undefined)} />;
  const post = data?.openBlog;
  if (loading || !post) return <InlineLoading />;
  return (
    <Container maxW="3xl" py="10">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {post.title}
        </Heading>
        <HStack gap="4" color="gray.600" fontSize="sm">
          <Text>By {post.author}</Text>
          <HStack gap="1">
            <Eye size={16} aria-hidden />
            <Text>{post.reads} reads</Text>
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
