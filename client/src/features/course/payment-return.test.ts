import { paymentReturnMessage } from './payment-return';

describe('the course page after a payment', () => {
  it('shows the order message for ?success and the cancel message for ?canceled', () => {
    expect(paymentReturnMessage(new URLSearchParams('success=true'))).toBe('Order placed! You will receive an email confirmation.');
    expect(paymentReturnMessage(new URLSearchParams('canceled=true'))).toBe(
      "Order canceled -- continue to shop around and checkout when you're ready.",
    );
    expect(paymentReturnMessage(new URLSearchParams(''))).toBeNull();
  });
});
