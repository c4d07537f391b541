import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PagedView, type PagedViewProps } from './paged-view';

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
