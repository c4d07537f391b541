import type { PurchaseCourseMutation } from './api/checkout.generated';
import { toaster } from '../../lib/toaster';

export type Outcome = PurchaseCourseMutation['purchaseCourse'];
export const PAYMENT_NOTICE_MS = 4000;

export function paymentFailed(title: string, reason?: string | null) {
  toaster.create({ title, description: reason ?? undefined, type: 'error', duration: PAYMENT_NOTICE_MS });
}
