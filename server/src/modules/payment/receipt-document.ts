import { text, type TextKey } from '../../i18n/translate';
import type { ReceiptFacts } from './receipt.service';
import { receiptPdfPath } from './receipt-paths';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The receipt's lines, label and value, in the order the page and the PDF show them. */
export function receiptLines(facts: ReceiptFacts): Array<{ key: string; label: string; value: string }> {
  const t = (key: TextKey) => text(facts.language, key);
  return [
    ...(facts.bundle ? [{ key: 'bundle', label: t('receipt.bundle'), value: facts.bundle }] : []),
    { key: 'course', label: t(facts.courses.length > 1 ? 'receipt.courses' : 'receipt.course'), value: facts.courses.join('; ') },
    { key: 'student', label: t('receipt.student'), value: facts.student },
    { key: 'amount', label: t('receipt.amount'), value: facts.amount },
    ...(facts.coupon ? [{ key: 'coupon', label: t('receipt.coupon'), value: facts.coupon }] : []),
    { key: 'method', label: t('receipt.method'), value: facts.method },
    { key: 'transaction', label: t('receipt.transaction'), value: facts.transaction },
    { key: 'date', label: t('receipt.date'), value: facts.date },
    { key: 'status', label: t('receipt.status'), value: facts.status },
  ];
}

/**
 * The receipt as plain HTML: one `article.receipt` (what the client's receipt page shows as it is),
 * with a link to its PDF. Every value is escaped.
 */
export function receiptArticle(facts: ReceiptFacts): string {
  const t = (key: TextKey) => escapeHtml(text(facts.language, key));
  const rows = receiptLines(facts)
    .map(({ key, label, value }) => `<div class="receipt-line" data-line="${key}"><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`)
    .join('');
  return (
    `<article class="receipt" lang="${facts.language}" data-testid="receipt">` +
    `<header class="receipt-head"><p class="receipt-brand">${t('receipt.brand')}</p><h1>${t('receipt.title')}</h1><p>${t('receipt.thanks')}</p></header>` +
    `<dl class="receipt-lines">${rows}</dl>` +
    `<p class="receipt-actions"><a class="receipt-pdf" href="${receiptPdfPath(facts.paymentId)}" download>${t('receipt.download')}</a></p>` +
    `<footer class="receipt-foot">${t('receipt.footer')}</footer>` +
    `</article>`
  );
}

/** The print-friendly styles of the page the server sends by itself (the client's page has the same in its CSS). */
const STYLES = `
body{font-family:system-ui,"Noto Sans Bengali",sans-serif;color:#111827;margin:0;padding:16px;background:#f9fafb}
.receipt{max-width:560px;margin:0 auto;background:#fff;border:1px solid #d1d5db;border-radius:8px;padding:20px}
.receipt-brand{color:#1e40af;font-weight:700;margin:0}.receipt h1{font-size:1.4rem;margin:4px 0 8px}
.receipt-lines{margin:16px 0}.receipt-line{display:flex;flex-wrap:wrap;gap:4px 12px;padding:8px 0;border-top:1px solid #e5e7eb}
.receipt-line dt{color:#4b5563;min-width:9rem}.receipt-line dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.receipt-foot{color:#4b5563;font-size:.875rem}
@media print{body{background:#fff;padding:0}.receipt{border:0;max-width:none}.receipt-actions{display:none}}
`;

/** The receipt as a whole page, drawn by the server in the receipt's language: for API callers and for printing. */
export function receiptDocument(facts: ReceiptFacts): string {
  const title = escapeHtml(text(facts.language, 'receipt.documentTitle', { transaction: facts.transaction }));
  return `<!doctype html><html lang="${facts.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${STYLES}</style></head><body>${receiptArticle(facts)}</body></html>`;
}
