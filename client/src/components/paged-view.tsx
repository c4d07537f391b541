import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Pager } from './pager';
import { EmptyState, ErrorState, InlineLoading } from './states';

interface PageData<T> {
  items: T[];
  offset: number;
  limit: number;
  total: number;
}

interface PagedViewProps<T> {
  /** The page to show: the new one, or the previous one while the next loads. */
  page: PageData<T> | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  empty: ReactNode;
  onPage: (offset: number) => void;
  children: (items: T[]) => ReactNode;
}

/** A long list's loading, error and empty states, its items and its pager, in one place. */
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

interface PagedTableProps<T> extends Omit<PagedViewProps<T>, 'children'> {
  columns: string[];
  /** One Table.Row for an item. */
  row: (item: T) => ReactNode;
}

/**
 * Below the md breakpoint (48em) each row is a card of stacked cells, its text wrapping (the table
 * itself does not wrap): a phone needs no sideways scrolling. A cell with `data-label` names its
 * column before its value, since the header row is hidden there.
 */
export const stackedOnPhones = {
  '@media (max-width: 47.99em)': {
    display: 'block',
    whiteSpace: 'normal',
    '& thead': { display: 'none' },
    '& tbody, & tr, & td': { display: 'block', width: '100%' },
    '& tr': { paddingBlock: '0.5rem', borderBottomWidth: '1px' },
    '& td': { borderBottomWidth: '0', paddingBlock: '0.25rem', overflowWrap: 'anywhere' },
    '& td[data-label]::before': { content: 'attr(data-label) ": "', color: 'fg.muted' },
  },
};

/** A paged list shown as a table with a header row (the dashboards' lists); on a phone, as stacked cards. */
export function PagedTable<T>({ columns, row, ...view }: PagedTableProps<T>) {
  return (
    <PagedView {...view}>
      {(items) => (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" css={stackedOnPhones}>
            <Table.Header>
              <Table.Row>
                {columns.map((column) => (
                  <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>{items.map(row)}</Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </PagedView>
  );
}
