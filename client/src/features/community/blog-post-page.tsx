import { Eye } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { useBlogPostQuery } from './api/blogs-page.generated';
import { useOpenBlogMutation } from './api/blogs.generated';
import { useT } from '../../lib/i18n';
import { useRecordNotFound } from '../../app/page-status';
import '../../styles/ui.css';
import './community.css';

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
    <article className="ui-container ui-page blog-post">
      <div className="ui-stack">
        <h1 className="ui-heading ui-heading-2xl">{post.title}</h1>
        <div className="blog-byline">
          <p>{t('community.blog.by', { author: post.author })}</p>
          <p>
            <Eye size={16} aria-hidden />
            {t('community.blog.reads', { count: post.reads })}
          </p>
        </div>
        {post.img && <img src={post.img} alt="" width="640" height="360" />}
        <p className="blog-text">{post.description}</p>
      </div>
    </article>
  );
}
