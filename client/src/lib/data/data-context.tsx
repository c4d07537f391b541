import { createContext, useContext, type ReactNode } from 'react';
import type { DataSource } from './data-source';

const DataContext = createContext<DataSource | null>(null);

export function DataProvider({ source, children }: { source: DataSource; children: ReactNode }) {
  return <DataContext.Provider value={source}>{children}</DataContext.Provider>;
}

export function useDataSource(): DataSource {
  const source = useContext(DataContext);
  if (!source) throw new Error('The data hooks need a DataProvider');
  return source;
}
