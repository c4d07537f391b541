/** Where the server serves a receipt's drawing and its PDF to the signed-in buyer or an admin (server/src/modules/payment/receipt.router.ts). */
export const receiptApi = {
  page: (paymentId: string) => `/api/receipts/${encodeURIComponent(paymentId)}`,
  pdf: (paymentId: string) => `/api/receipts/${encodeURIComponent(paymentId)}/pdf`,
};

export type ReceiptAnswer = { kind: 'receipt'; html: string } | { kind: 'notFound' } | { kind: 'failed' };

const withToken = (token: string | null): HeadersInit => (token ? { authorization: `Bearer ${token}` } : {});

/**
 * The receipt the server drew for this payment: its `article.receipt`, without the server page's own
 * PDF link (the page downloads the PDF with the sign-in instead). Not found for anyone but the buyer and admins.
 */
export async function readReceipt(paymentId: string, token: string | null): Promise<ReceiptAnswer> {
  try {
    const res = await fetch(receiptApi.page(paymentId), { headers: withToken(token) });
    if (res.status === 404) return { kind: 'notFound' };
    if (!res.ok) return { kind: 'failed' };
    const page = new DOMParser().parseFromString(await res.text(), 'text/html');
    const article = page.querySelector('article.receipt');
    if (!article) return { kind: 'failed' };
    article.querySelector('.receipt-actions')?.remove();
    return { kind: 'receipt', html: article.outerHTML };
  } catch {
    return { kind: 'failed' };
  }
}

/** Downloads the receipt's PDF with the sign-in (a plain link would carry none); false when it could not. */
export async function saveReceiptPdf(paymentId: string, token: string | null): Promise<boolean> {
  try {
    const res = await fetch(receiptApi.pdf(paymentId), { headers: withToken(token) });
    if (!res.ok) return false;
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'receipt.pdf';
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch {
    return false;
  }
}
