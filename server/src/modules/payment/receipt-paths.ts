/** The receipt page of a payment, on the site (client/src/lib/paths.ts: `receipt`). */
export const receiptPath = (paymentId: string) => `/receipts/${paymentId}`;
/** Where the receipt's page and PDF are served to a signed-in caller (the site's receipt page reads the first). */
export const receiptApiPath = (paymentId: string) => `/api/receipts/${paymentId}`;
export const receiptPdfPath = (paymentId: string) => `/api/receipts/${paymentId}/pdf`;
