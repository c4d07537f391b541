import type { ApolloClient } from '@apollo/client';
import { matchPath } from 'react-router-dom';
import { paymentReturnMessage } from '../features/course/payment-return';
import { routePatterns } from '../lib/paths';

/**
 * The data of the page a visit starts on, asked for while the page's code is still downloading;
 * otherwise the query would wait for that code to arrive and render, one more round trip on a
 * phone network. The page's own query then finds the answer in flight or in the cache.
 */
export async function prefetchFirstPage(client: ApolloClient, { pathname, search }: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  const course = matchPath(routePatterns.course, pathname) ?? matchPath(routePatterns.details, pathname);
  // Back from a payment, the course page shows only a message and asks for nothing.
  if (course?.params.id && paymentReturnMessage(new URLSearchParams(search)) === null) {
    const variables = { id: course.params.id };
    await import('../features/course/api/course-page.generated')
      .then(({ CoursePageDocument }) => client.query({ query: CoursePageDocument, variables }))
      // The page asks again and shows its own error state.
      .catch(() => undefined);
  }
}
