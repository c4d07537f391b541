import { screen } from '@testing-library/react';
import ReceiptPage from './receipt-page';
import { receiptApi } from './receipt-files';
import { paths, routePatterns } from '../../lib/paths';
import { renderRoute } from '../../test/render';

/** What the server's GET /api/receipts/{id} answers (modules/payment/receipt-document.ts), trimmed. */
const drawn = `<!doctype html><html lang="bn"><head><title>শিখন রসিদ TRX1</title><style>body{}</style></head><body>
<article class="receipt" lang="bn" data-testid="receipt"><header class="receipt-head"><h1>পেমেন্টের রসিদ</h1></header>
<dl class="receipt-lines"><div class="receipt-line" data-line="transaction"><dt>লেনদেন আইডি</dt><dd>TRX1</dd></div>
<div class="receipt-line" data-line="amount"><dt>দাম</dt><dd>৳১,২০০</dd></div></dl>
<p class="receipt-actions"><a class="receipt-pdf" href="/api/receipts/p1/pdf" download>পিডিএফ ডাউনলোড করুন</a></p></article></body></html>`;

const server = jest.fn<Promise<Response>, [string, RequestInit]>();
const realFetch = global.fetch;
beforeEach(() => {
  server.mockReset();
  global.fetch = server as unknown as typeof fetch;
});
afterEach(() => {
  global.fetch = realFetch;
});
/** The server's answer, as much of a fetch Response as the page reads. */
const serve = (status: number, body: string) => {
  server.mockResolvedValue({ ok: status >= 200 && status < 300, status, text: () => Promise.resolve(body) } as unknown as Response);
  return server;
};

describe('the receipt page', () => {
  it('shows the receipt the server drew, with Print and Download PDF beside it', async () => {
    const fetch = serve(200, drawn);
    renderRoute(<ReceiptPage />, { path: routePatterns.receipt, at: paths.receipt('p1'), language: 'bn' });
    const receipt = await screen.findByTestId('receipt');
    expect(fetch).toHaveBeenCalledWith(receiptApi.page('p1'), expect.anything());
    expect(receipt).toHaveTextContent('লেনদেন আইডি');
    expect(receipt).toHaveTextContent('TRX1');
    expect(receipt).toHaveTextContent('৳১,২০০');
    // The server page's own PDF link (no sign-in on a plain link) gives way to the page's button.
    expect(receipt.querySelector('.receipt-pdf')).toBeNull();
    expect(screen.getByRole('button', { name: 'প্রিন্ট করুন' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'পিডিএফ ডাউনলোড করুন' })).toBeInTheDocument();
  });

  it('says the receipt is not found when the server says so (another person’s payment, or none)', async () => {
    serve(404, JSON.stringify({ code: 'PAYMENT_NOT_FOUND' }));
    renderRoute(<ReceiptPage />, { path: routePatterns.receipt, at: paths.receipt('p2') });
    expect(await screen.findByRole('heading', { name: 'Receipt not found' })).toBeInTheDocument();
    expect(screen.queryByTestId('receipt')).toBeNull();
  });
});
