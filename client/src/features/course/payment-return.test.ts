import { createTranslator } from '../../lib/i18n';
import english from '../../locales/en.json';
import { paymentReturnMessage } from './payment-return';

const t = createTranslator('en', english);
const messageFor = (search: string, hasEmail = true) => {
  const key = paymentReturnMessage(new URLSearchParams(search), { hasEmail });
  return key && t(key);
};

describe('the course page after a payment', () => {
  it('shows the order message for ?success and the cancel message for ?canceled', () => {
    expect(messageFor('success=true')).toBe('Order placed! You will receive an email confirmation.');
    expect(messageFor('canceled=true')).toBe("Order canceled -- continue to shop around and checkout when you're ready.");
    expect(messageFor('')).toBeNull();
  });

  it('tells an account without email that the confirmation and receipt come by SMS', () => {
    expect(messageFor('success=true', false)).toBe('Order placed! You will receive an SMS confirmation with your receipt.');
    expect(t(paymentReturnMessage(new URLSearchParams('success=true'), { hasEmail: false })!)).not.toMatch(/email/i);
    // A failure's message is the same for either account.
    expect(messageFor('canceled=true', false)).toBe(messageFor('canceled=true'));
  });

  it('promises neither email nor SMS while the account is not known yet', () => {
    expect(t(paymentReturnMessage(new URLSearchParams('success=true'), null)!)).toBe('Order placed!');
    expect(paymentReturnMessage(new URLSearchParams('canceled=true'), null)).toBe('checkout.orderCanceled');
  });
});
