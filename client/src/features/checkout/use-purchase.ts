import { usePurchaseCourseMutation } from './api/checkout.generated';

/** The purchase mutation of the checkout: an owned course shows Enrolled everywhere at once. */
export function usePurchase(courseId: string) {
  return usePurchaseCourseMutation({
    update(cache, result) {
      if (result.data?.purchaseCourse.status === 'SUCCEEDED') {
        cache.modify({ id: cache.identify({ __typename: 'Course', id: courseId }), fields: { isEnrolled: () => true } });
      }
    },
  });
}
