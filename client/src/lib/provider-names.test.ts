/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';

/**
 * The client never names a payment provider: how to pay (paymentOptions' kind and label), how a
 * payment was paid (PaymentRecord.paidWith) and the admin's filter come from the server, so a new
 * provider needs no client edit. Stripe.js, which a card form loads, is a library, not a name compared.
 */
const PROVIDER_NAME = /(['"`])(sslcommerz|stripe|SSLCOMMERZ|STRIPE)\1/;

function sources(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|generated)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('payment providers in the client', () => {
  it('are named nowhere in its code: no provider’s name is compared or labelled', () => {
    const root = path.resolve(__dirname, '..');
    const naming = sources(root)
      .filter((file) => PROVIDER_NAME.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(naming).toEqual([]);
  });

  it('would notice a comparison with a provider’s name', () => {
    expect(PROVIDER_NAME.test(`provider === 'sslcommerz'`)).toBe(true);
    expect(PROVIDER_NAME.test(`option.provider === "STRIPE"`)).toBe(true);
    expect(PROVIDER_NAME.test(`loadStripe(publishableKey)`)).toBe(false);
  });
});
