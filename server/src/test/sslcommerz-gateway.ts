/**
 * A buyer on the offline SSLCommerz gateway's page (payments/offline/sslcommerz-sandbox): picks a
 * way (bKash unless told) and pays, with the IPN sent at once, then the browser posts the gateway's
 * form back to us. Answers where we send the browser (the Location of our 303).
 */
export async function payOnGateway(redirectURL: string, choice: Record<string, string> = {}): Promise<string> {
  const page = await fetch(redirectURL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method: 'bkash', action: 'pay', ipn: 'now', ...choice }),
  });
  const html = await page.text();
  const action = /<form id="back" method="post" action="([^"]+)"/.exec(html)![1];
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
  const back = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  if (back.status !== 303) throw new Error(`the return from the gateway answered ${back.status}`);
  return back.headers.get('location')!;
}
