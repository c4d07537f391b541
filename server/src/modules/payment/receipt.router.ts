import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { isLanguage, LANGUAGES } from '../../i18n/languages';
import { documented, error, type RouteDocs } from '../../shared/route-docs';
import { Payment } from './payment.entity';
import { receiptDocument } from './receipt-document';
import { renderReceiptPdf } from './receipt-pdf';
import { findReceipt } from './receipt.service';

const receiptPath = { id: { description: "The payment's id (`Payment.id`)", schema: { type: 'string' } } };
const receiptQuery = { lang: { description: "In this language; the buyer's language when left out", schema: { enum: [...LANGUAGES] } } };
const NOT_THEIRS = error('No such payment, or it is not the caller’s (visitors too): the same answer either way');

/** The description of the paths below, for GET /openapi.json (http/openapi.ts). */
const RECEIPT_API: RouteDocs = {
  'GET /api/receipts/:id': {
    tag: 'Certificates and receipts',
    access: 'signed-in',
    summary: "A payment's receipt as a printable page (its buyer, admins)",
    path: receiptPath,
    query: receiptQuery,
    responses: { 200: { description: 'The receipt page', content: { 'text/html': { type: 'string' } } }, 404: NOT_THEIRS },
  },
  'GET /api/receipts/:id/pdf': {
    tag: 'Certificates and receipts',
    access: 'signed-in',
    summary: "A payment's receipt as a PDF (its buyer, admins)",
    path: receiptPath,
    query: receiptQuery,
    responses: {
      200: { description: 'The PDF (a download)', content: { 'application/pdf': { type: 'string', contentMediaType: 'application/pdf' } } },
      404: NOT_THEIRS,
    },
  },
};

/**
 * GET /api/receipts/{id}: the receipt page drawn by the server (plain HTML, printable), and
 * GET /api/receipts/{id}/pdf: the same as a PDF; both for the payment's buyer and admins only
 * (anyone else, visitors too, gets 404 as for a payment that does not exist), in the buyer's
 * language (`?lang=bn` or `?lang=en` for the other), never cached by anyone but the reader.
 */
export function receiptRouter(db: DataSource): Router {
  const router = documented(Router(), RECEIPT_API);
  router.get('/api/receipts/:id', async (req, res) => {
    const language = isLanguage(req.query.lang) ? req.query.lang : undefined;
    const facts = await findReceipt(db, req.viewer ?? null, String(req.params.id), language);
    res.setHeader('Cache-Control', 'private, no-store');
    res.type('html').send(receiptDocument(facts));
  });
  router.get('/api/receipts/:id/pdf', async (req, res) => {
    const language = isLanguage(req.query.lang) ? req.query.lang : undefined;
    const facts = await findReceipt(db, req.viewer ?? null, String(req.params.id), language);
    const { createdAt } = await db.getRepository(Payment).findOneByOrFail({ id: facts.paymentId });
    const pdf = await renderReceiptPdf(facts, createdAt);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="receipt-${facts.transaction.replace(/[^\w.-]/g, '_')}.pdf"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(pdf);
  });
  return router;
}
