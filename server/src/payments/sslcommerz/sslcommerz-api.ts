/**
 * SSLCommerz's v4 HTTP API, called directly (the official `sslcommerz-lts` package sends
 * `store_passwd=undefined` on every validation, refund and query call, and does not encode its
 * parameters): session, Order Validation, transaction query, refund and refund query.
 */

export interface SslcommerzCredentials {
  storeId: string;
  storePassword: string;
}

/** One transaction as the validation and query APIs describe it. */
export interface SslcommerzTransaction {
  status: string;
  tran_id: string;
  val_id?: string;
  amount?: string;
  currency?: string;
  currency_type?: string;
  currency_amount?: string;
  bank_tran_id?: string;
  card_type?: string;
  risk_level?: string;
  risk_title?: string;
  tran_date?: string;
}

export interface SessionAnswer {
  status: 'SUCCESS' | 'FAILED';
  failedreason?: string;
  sessionkey?: string;
  GatewayPageURL?: string;
}

export class SslcommerzApiError extends Error {}

export class SslcommerzApi {
  constructor(
    private readonly baseUrl: () => string,
    readonly credentials: SslcommerzCredentials,
  ) {}

  private async getJson<T>(path: string, params: Record<string, string>): Promise<T> {
    const query = new URLSearchParams({ ...params, store_id: this.credentials.storeId, store_passwd: this.credentials.storePassword, v: '1', format: 'json' });
    const res = await fetch(`${this.baseUrl()}${path}?${query.toString()}`, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new SslcommerzApiError(`SSLCommerz answered ${res.status} to ${path}`);
    return (await res.json()) as T;
  }

  /** Creates a payment session: the buyer then goes to `GatewayPageURL`. */
  async createSession(fields: Record<string, string>): Promise<SessionAnswer> {
    const body = new URLSearchParams({ ...fields, store_id: this.credentials.storeId, store_passwd: this.credentials.storePassword });
    const res = await fetch(`${this.baseUrl()}/gwprocess/v4/api.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new SslcommerzApiError(`SSLCommerz answered ${res.status} to the session request`);
    return (await res.json()) as SessionAnswer;
  }

  /** The Order Validation API: the only word on whether a payment is real. */
  validate(valId: string): Promise<SslcommerzTransaction> {
    return this.getJson('/validator/api/validationserverAPI.php', { val_id: valId });
  }

  /** Every attempt made for one of our transaction ids. */
  async queryTransaction(tranId: string): Promise<SslcommerzTransaction[]> {
    const answer = await this.getJson<{ APIConnect: string; no_of_trans_found?: number; element?: SslcommerzTransaction[] }>(
      '/validator/api/merchantTransIDvalidationAPI.php',
      { tran_id: tranId },
    );
    if (answer.APIConnect !== 'DONE') throw new SslcommerzApiError(`SSLCommerz transaction query: ${answer.APIConnect}`);
    return answer.element ?? [];
  }

  /** Starts a refund; `refeId` is our reference for it, so a retried request is the same refund. */
  refund(input: { bankTranId: string; amount: string; refeId: string; remarks: string }) {
    return this.getJson<{ APIConnect: string; status?: string; refund_ref_id?: string; errorReason?: string }>(
      '/validator/api/merchantTransIDvalidationAPI.php',
      {
        bank_tran_id: input.bankTranId,
        refund_amount: input.amount,
        refund_remarks: input.remarks,
        refe_id: input.refeId,
      },
    );
  }

  refundStatus(refundRefId: string) {
    return this.getJson<{ APIConnect: string; status?: string; errorReason?: string }>('/validator/api/merchantTransIDvalidationAPI.php', {
      refund_ref_id: refundRefId,
    });
  }
}
