import { createTranslator } from '../../lib/i18n';
import english from '../../locales/en.json';
import { paymentReturnMessage } from './payment-return';

const t = createTranslator('en', english);
const messageFor = (search: string) => {
  const key = paymentReturnMessage(new URLSearchParams(search));
  return key && t(key);
};

describe('the course page after a payment', () => {
  it('shows the order message for ?success and the cancel message for ?canceled', () => {
    expect(messageFor('success=true')).toBe('Order placed! You will receive an email confirmation.');
    expect(messageFor('canceled=true')).toBe("Order canceled -- continue to shop around and checkout when you're ready.");
    expect(messageFor('')).toBeNull();
  });
});
