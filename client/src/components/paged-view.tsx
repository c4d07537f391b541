import type { ReactNode } from 'react';
import { Pager } from './pager';
import { EmptyState, ErrorState, InlineLoading } from './states';

interface PageData<T> {
  items: T[];
  offset: number;
  limit: number;
  total: number;
}

export interface PagedViewProps<T> {
  /** The page to show: the new one, or the previous one while the next loads. */
  page: PageData<T> | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  empty: ReactNode;
  onPage: (offset: number) => void;
  children: (items: T[]) => ReactNode;
}

/** A long list's loading, error and empty states, its items and its pager, in one place (plain elements: public pages show it). */
export function PagedView<T>({ page, loading, failed, onRetry, empty, onPage, children }: PagedViewProps<T>) {
  if (loading && !page) return <InlineLoading />;
  if (failed && !page) return <ErrorState onRetry={onRetry} />;
  if (!page) return null;
  if (page.items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <>
      {children(page.items)}
      <Pager offset={page.offset} limit={page.limit} total={page.total} onChange={onPage} />
    </>
  );
}
