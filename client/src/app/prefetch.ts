import type { ApolloClient } from '@apollo/client';
import { matchPath } from 'react-router-dom';

/**
 * The data of the page a visit starts on, asked for while the page's code is still downloading;
 * otherwise the query would wait for that code to arrive and render, one more round trip on a
 * phone network. The page's own query then finds the answer in flight or in the cache.
 */
export function prefetchFirstPage(client: ApolloClient, pathname: string): void {
  const course = matchPath('/course/:id', pathname) ?? matchPath('/details/:id', pathname);
  if (course?.params.id) {
    const variables = { id: course.params.id };
    void import('../features/course/api/course-page.generated')
      .then(({ CoursePageDocument }) => client.query({ query: CoursePageDocument, variables }))
      // The page asks again and shows its own error state.
      .catch(() => undefined);
  }
}
