import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { createRoot } from 'react-dom/client';
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';

const fetcher = createGraphiQLFetcher({ url: `${window.location.origin}/graphql` });

const defaultQuery = `# Welcome to the Shikhon GraphQL playground.
# Press the run button (or Ctrl+Enter) to try a query. The docs panel lists every type;
# the API reference at /docs/api/ describes them all on one page, and the integrator
# guide at /docs/ covers API keys, errors, rate limits and webhooks.
query TrendingCourses {
  courses(section: TRENDING, limit: 4) {
    total
    items {
      id
      name
      price
      instructor
    }
  }
}
`;

createRoot(document.getElementById('playground')!).render(<GraphiQL fetcher={fetcher} defaultQuery={defaultQuery} />);
