import { fromMinorUnits, toMinorUnits } from '../../../shared/money';
import crypto from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type { DataSource } from 'typeorm';
import type { AppLogger } from '../../../logger';
import type { SslcommerzCredentials } from '../../sslcommerz/sslcommerz-api';
import { signNotification } from '../../sslcommerz/sslcommerz-signature';
import { SandboxTransaction } from './sandbox-transaction.entity';

export const SANDBOX_PATH = '/sslcommerz-sandbox';
/** A session not paid within this time expires, as the real gateway's do. */
export const SANDBOX_SESSION_MINUTES = 30;
/** A refund the imitation accepted is reported refunded this long after it was asked for. */
const REFUND_SETTLES_MS = 1000;

const SIGNED_FIELDS = [
  'amount',
  'bank_tran_id',
  'card_type',
  'currency',
  'risk_level',
  'status',
  'store_amount',
  'tran_date',
  'tran_id',
  'val_id',
  'value_a',
  'value_b',
];
const REQUIRED = [
  'total_amount',
  'currency',
  'tran_id',
  'success_url',
  'fail_url',
  'cancel_url',
  'cus_name',
  'cus_email',
  'cus_phone',
  'cus_add1',
  'cus_city',
  'cus_country',
  'product_name',
  'product_category',
  'product_profile',
  'shipping_method',
];

export const sandboxMethods = [
  { id: 'bkash', label: 'bKash', cardType: 'BKASH-BKash' },
  { id: 'nagad', label: 'Nagad', cardType: 'NAGAD-Nagad' },
  { id: 'rocket', label: 'Rocket', cardType: 'DBBLMOBILEB-Dbbl Mobile Banking' },
  { id: 'card', label: 'Card', cardType: 'VISA-Dutch Bangla' },
] as const;

const random = (prefix: string) => `${prefix}${crypto.randomBytes(9).toString('hex').toUpperCase()}`;
const taka = (poisha: number) => fromMinorUnits(poisha).toFixed(2);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const expired = (row: SandboxTransaction) => row.status === 'PENDING' && Date.now() - row.createdAt.getTime() > SANDBOX_SESSION_MINUTES * 60_000;
const statusOf = (row: SandboxTransaction) => (expired(row) ? 'EXPIRED' : row.status);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f4f6f8;color:#1a202c}main{max-width:480px;margin:0 auto}
.method{background:#fff;border-radius:8px;padding:12px 16px;margin:12px 0;border:1px solid #e2e8f0}.method h2{margin:0 0 8px;font-size:1.1rem}
button{min-height:44px;min-width:88px;margin:4px 8px 4px 0;font-size:1rem;border-radius:6px;border:1px solid #718096;background:#fff}
button[value=pay]{background:#2f855a;color:#fff;border-color:#2f855a}label{display:block;margin:8px 0;font-size:.9rem}</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * An offline imitation of SSLCommerz's gateway and APIs, for development and tests (never in
 * production): the session API, a gateway page listing bKash, Nagad, Rocket and Card with Pay,
 * Fail and Cancel, the buyer's POST back to our success/fail/cancel URLs, signed IPNs (sent now,
 * late, twice or never), the Order Validation API (VALID once, then VALIDATED; INVALID_TRANSACTION
 * for anything it did not issue), the transaction query, refunds and refund queries.
 */
export function sslcommerzSandboxRouter(db: DataSource, credentials: SslcommerzCredentials, publicUrl: string, log: AppLogger): Router {
  const router = Router();
  const transactions = () => db.getRepository(SandboxTransaction);
  const form = express.urlencoded({ extended: false, limit: '20kb' });
  const authorized = (params: Record<string, unknown>) => params.store_id === credentials.storeId && params.store_passwd === credentials.storePassword;

  router.post(`${SANDBOX_PATH}/gwprocess/v4/api.php`, form, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, string>;
    const refuse = (failedreason: string) => res.json({ status: 'FAILED', failedreason, sessionkey: '', GatewayPageURL: '' });
    if (!authorized(body)) return refuse('Store Credential Error Or Store is De-active');
    const missing = REQUIRED.filter((name) => !body[name]?.trim());
    if (missing.length > 0) return refuse(`Invalid Information: ${missing.join(', ')} missing`);
    const amount = Number(body.total_amount);
    if (!/^\d+(\.\d{1,2})?$/.test(body.total_amount) || amount < 10 || amount > 500_000) return refuse('Invalid Amount: from 10.00 to 500000.00');
    if (!['BDT', 'USD'].includes(body.currency)) return refuse('Invalid Currency');
    if (body.tran_id.length > 30) return refuse('Invalid tran_id: at most 30 characters');
    const paidBefore = await transactions().existsBy([
      { tranId: body.tran_id, status: 'VALID' },
      { tranId: body.tran_id, status: 'VALIDATED' },
    ]);
    if (paidBefore) return refuse('Duplicate tran_id: this transaction is already paid');
    const sessionKey = random('');
    const { store_passwd: _secret, ...request } = body;
    await transactions().insert({
      sessionKey,
      tranId: body.tran_id,
      amountPoisha: toMinorUnits(amount),
      paidPoisha: null,
      currency: body.currency,
      status: 'PENDING',
      request,
    });
    res.json({
      status: 'SUCCESS',
      failedreason: '',
      sessionkey: sessionKey,
      GatewayPageURL: new URL(`${SANDBOX_PATH}/gateway/${sessionKey}`, publicUrl).toString(),
    });
  });

  router.get(`${SANDBOX_PATH}/gateway/:sessionKey`, async (req, res) => {
    const row = await transactions().findOneBy({ sessionKey: String(req.params.sessionKey) });
    res.setHeader('Cache-Control', 'no-store');
    if (!row) return res.status(404).send(page('Session not found', '<h1>This payment session does not exist.</h1>'));
    if (statusOf(row) !== 'PENDING') {
      return res.send(page('Session closed', `<h1>This payment session is closed (${escapeHtml(statusOf(row))}).</h1>`));
    }
    const methods = sandboxMethods
      .map(
        (m) => `<form class="method" method="post" action="${SANDBOX_PATH}/gateway/${escapeHtml(row.sessionKey)}" aria-label="${m.label}">
<h2>${m.label}</h2><input type="hidden" name="method" value="${m.id}">
<button name="action" value="pay">Pay</button><button name="action" value="fail">Fail</button><button name="action" value="cancel">Cancel</button>
<details><summary>Sandbox options</summary>
<label>Payment notification (IPN) <select name="ipn"><option value="now">now</option><option value="late">late</option><option value="twice">twice</option><option value="never">never</option></select></label>
<label><input type="checkbox" name="risk" value="1"> Flag as risky (risk_level 1)</label></details></form>`,
      )
      .join('');
    res.send(
      page(
        'SSLCommerz sandbox',
        `<p><strong>SSLCommerz sandbox</strong> — offline test gateway, no money moves.</p>
<h1>Pay ৳${escapeHtml(Number(taka(row.amountPoisha)).toLocaleString('en-IN', { minimumFractionDigits: 2 }))}</h1>
<p>${escapeHtml(row.request.product_name ?? '')}</p>${methods}`,
      ),
    );
  });

  async function notify(url: string, fields: Record<string, string>): Promise<void> {
    try {
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      log.warn({ err: error }, 'the SSLCommerz sandbox could not deliver an IPN');
    }
  }

  router.post(`${SANDBOX_PATH}/gateway/:sessionKey`, form, async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, string>;
    const method = sandboxMethods.find((m) => m.id === body.method);
    const action = body.action;
    const row = await transactions().findOneBy({ sessionKey: String(req.params.sessionKey) });
    if (!row || !method || !['pay', 'fail', 'cancel'].includes(action))
      return res.status(400).send(page('Bad request', '<h1>Unknown session, method or action.</h1>'));
    if (statusOf(row) !== 'PENDING') return res.status(409).send(page('Session closed', '<h1>This payment session is closed.</h1>'));
    const paidPoisha = body.amount ? toMinorUnits(Number(body.amount)) : row.amountPoisha;
    const outcome = action === 'pay' ? 'VALID' : action === 'fail' ? 'FAILED' : 'CANCELLED';
    const changes: Partial<SandboxTransaction> = {
      status: outcome,
      cardType: method.cardType,
      riskLevel: body.risk === '1' ? 1 : 0,
      paidPoisha: outcome === 'VALID' ? paidPoisha : null,
      valId: outcome === 'VALID' ? random('VAL') : null,
      bankTranId: outcome === 'VALID' ? random('BTX') : null,
    };
    await transactions().update(row.sessionKey, changes);
    const done = { ...row, ...changes };
    const fields: Record<string, string> = {
      status: outcome,
      tran_id: done.tranId,
      val_id: done.valId ?? '',
      amount: taka(done.paidPoisha ?? done.amountPoisha),
      store_amount: taka(Math.round((done.paidPoisha ?? done.amountPoisha) * 0.975)),
      currency: done.currency,
      bank_tran_id: done.bankTranId ?? '',
      card_type: done.cardType ?? '',
      tran_date: new Date().toISOString().replace('T', ' ').slice(0, 19),
      risk_level: String(done.riskLevel),
      risk_title: done.riskLevel === 1 ? 'Risky' : 'Safe',
      value_a: done.request.value_a ?? '',
      value_b: done.request.value_b ?? '',
      verify_key: SIGNED_FIELDS.join(','),
    };
    fields.verify_sign = signNotification(fields, SIGNED_FIELDS, credentials.storePassword);
    const ipnUrl = done.request.ipn_url;
    const mode = body.ipn ?? 'now';
    if (ipnUrl && mode === 'now') await notify(ipnUrl, fields);
    if (ipnUrl && mode === 'twice') {
      await notify(ipnUrl, fields);
      await notify(ipnUrl, fields);
    }
    if (ipnUrl && mode === 'late') setTimeout(() => void notify(ipnUrl, fields), 1500).unref();
    const backTo = outcome === 'VALID' ? done.request.success_url : outcome === 'FAILED' ? done.request.fail_url : done.request.cancel_url;
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    res.setHeader('Cache-Control', 'no-store');
    res.send(
      page(
        'Returning to the merchant',
        `<form id="back" method="post" action="${escapeHtml(backTo)}">${inputs}<p>${outcome === 'VALID' ? 'Payment done.' : 'No payment was made.'}</p><button type="submit">Return to the merchant</button></form><script src="${SANDBOX_PATH}/return.js"></script>`,
      ),
    );
  });

  // The real gateway sends the buyer back at once; so does this, with a script the site's CSP allows.
  router.get(`${SANDBOX_PATH}/return.js`, (_req, res) => {
    res.type('application/javascript').send("document.getElementById('back').submit();");
  });

  router.get(`${SANDBOX_PATH}/validator/api/validationserverAPI.php`, async (req, res) => {
    const query = req.query as Record<string, string>;
    if (!authorized(query)) return res.json({ status: 'INVALID_TRANSACTION', error: 'Store Credential Error' });
    const row = typeof query.val_id === 'string' ? await transactions().findOneBy({ valId: query.val_id }) : null;
    if (!row || !['VALID', 'VALIDATED'].includes(row.status)) return res.json({ status: 'INVALID_TRANSACTION' });
    // The first validation answers VALID, later ones VALIDATED.
    if (row.status === 'VALID') await transactions().update(row.sessionKey, { status: 'VALIDATED' });
    res.json({ APIConnect: 'DONE', ...describe(row), status: row.status, validated_on: new Date().toISOString() });
  });

  function describe(row: SandboxTransaction) {
    const paid = row.paidPoisha ?? row.amountPoisha;
    return {
      status: statusOf(row),
      tran_id: row.tranId,
      val_id: row.valId ?? '',
      amount: taka(paid),
      store_amount: taka(Math.round(paid * 0.975)),
      currency: row.currency,
      currency_type: row.currency,
      currency_amount: taka(paid),
      bank_tran_id: row.bankTranId ?? '',
      card_type: row.cardType ?? '',
      risk_level: String(row.riskLevel),
      risk_title: row.riskLevel === 1 ? 'Risky' : 'Safe',
      tran_date: row.createdAt.toISOString().replace('T', ' ').slice(0, 19),
    };
  }

  router.get(`${SANDBOX_PATH}/validator/api/merchantTransIDvalidationAPI.php`, async (req, res) => {
    const query = req.query as Record<string, string>;
    if (!authorized(query)) return res.json({ APIConnect: 'INVALID_REQUEST', errorReason: 'Store Credential Error' });
    if (query.refund_ref_id) {
      const row = await transactions()
        .createQueryBuilder('t')
        .where(`t.refunds @> :match::jsonb`, { match: JSON.stringify([{ refundRefId: query.refund_ref_id }]) })
        .getOne();
      const refund = row?.refunds.find((r) => r.refundRefId === query.refund_ref_id);
      if (!row || !refund) return res.json({ APIConnect: 'DONE', status: 'failed', errorReason: 'Unknown refund_ref_id' });
      const settled = Date.now() - new Date(refund.requestedAt).getTime() >= REFUND_SETTLES_MS;
      return res.json({
        APIConnect: 'DONE',
        bank_tran_id: row.bankTranId,
        tran_id: row.tranId,
        refund_ref_id: refund.refundRefId,
        status: settled ? 'refunded' : 'processing',
      });
    }
    if (query.bank_tran_id) {
      return db.transaction(async (manager) => {
        const row = await manager.getRepository(SandboxTransaction).findOne({ where: { bankTranId: query.bank_tran_id }, lock: { mode: 'pessimistic_write' } });
        if (!row || !['VALID', 'VALIDATED'].includes(row.status))
          return res.json({ APIConnect: 'DONE', status: 'failed', errorReason: 'Transaction not found or not paid' });
        const again = row.refunds.find((r) => r.refeId === query.refe_id);
        if (again)
          return res.json({ APIConnect: 'DONE', bank_tran_id: row.bankTranId, trans_id: row.tranId, refund_ref_id: again.refundRefId, status: 'success' });
        const amountPoisha = toMinorUnits(Number(query.refund_amount));
        const refunded = row.refunds.reduce((sum, r) => sum + r.amountPoisha, 0);
        if (!query.refe_id || !(amountPoisha > 0) || refunded + amountPoisha > (row.paidPoisha ?? row.amountPoisha)) {
          return res.json({ APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid refund amount or refe_id' });
        }
        const refund = { refundRefId: random('RF'), refeId: query.refe_id, amountPoisha, requestedAt: new Date().toISOString() };
        await manager.getRepository(SandboxTransaction).update(row.sessionKey, { refunds: [...row.refunds, refund] });
        return res.json({ APIConnect: 'DONE', bank_tran_id: row.bankTranId, trans_id: row.tranId, refund_ref_id: refund.refundRefId, status: 'success' });
      });
    }
    if (query.tran_id) {
      const rows = await transactions().find({ where: { tranId: query.tran_id }, order: { createdAt: 'ASC' } });
      return res.json({ APIConnect: 'DONE', no_of_trans_found: rows.length, element: rows.map(describe) });
    }
    res.json({ APIConnect: 'INVALID_REQUEST', errorReason: 'tran_id, bank_tran_id or refund_ref_id is required' });
  });

  return router;
}
