import { Link as RouterLink } from 'react-router-dom';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { PagedView } from '../../components/paged-view';
import { useBlogsPageQuery } from './api/blogs-page.generated';
import { useSetBlogHiddenMutation } from './api/blogs.generated';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { useT } from '../../lib/i18n';
import '../../styles/ui.css';
import './community.css';

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
    <div className="ui-container ui-page">
      <div className="ui-stack">
        <div className="ui-title-row">
          <h1 className="ui-heading ui-heading-2xl">{t('community.blog.heading')}</h1>
          {canWrite && (
            <RouterLink className="ui-button ui-blue ui-sm" to={paths.addBlog}>
              {t('community.blog.add')}
            </RouterLink>
          )}
        </div>
        <PagedView page={page} loading={loading} failed={Boolean(error)} onRetry={() => void refetch()} empty={t('community.blog.empty')} onPage={setOffset}>
          {(items) => (
            <div className="ui-grid ui-grid-3 blog-grid">
              {items.map((blog) => (
                <div key={blog.id} className="ui-card blog-card" data-testid="blog-card">
                  <img src={blog.img || '/media/blog/blog-math.svg'} alt="" width="640" height="360" loading="lazy" />
                  <div className="blog-card-body">
                    <h2 className="ui-heading ui-heading-md">
                      <RouterLink className="ui-link" to={paths.blogPost(blog.id)}>
                        {blog.title}
                      </RouterLink>
                    </h2>
                    <p className="ui-muted">{blog.description}</p>
                  </div>
                  <div className="blog-card-footer">
                    <p>{t('community.blog.by', { author: blog.author })}</p>
                    <p>
                      <Eye size={16} aria-hidden />
                      {t('community.blog.reads', { count: blog.reads })}
                    </p>
                    {isAdmin && (
                      <button type="button" className="ui-button ui-ghost ui-red ui-xs" onClick={() => void hide(blog.id)}>
                        {t('community.hide')}
                      </button>
                    )}
                  </div>
                </div>
              ))}
            </div>
          )}
        </PagedView>
      </div>
    </div>
  );
}
