import { tokenizeTestCard } from './test-cards';

const card = (number: string, overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2034,
  cvc: '123',
  ...overrides,
});

describe('typed test cards in the offline test mode', () => {
  it.each([
    ['4242 4242 4242 4242', 'pm_card_visa'],
    ['5555555555554444', 'pm_card_mastercard'],
    ['4000 0000 0000 0002', 'pm_card_chargeDeclined'],
    ['4000000000009995', 'pm_card_chargeDeclinedInsufficientFunds'],
    ['4000002760003184', 'pm_card_authenticationRequired'],
  ])('turns %s into %s', (number, paymentMethod) => {
    expect(tokenizeTestCard(card(number)).id).toBe(paymentMethod);
  });

  it('refuses a wrong number, a past expiry and a bad security code as Stripe does', () => {
    expect(() => tokenizeTestCard(card('4242424242424241'))).toThrow('Your card number is incorrect.');
    expect(() => tokenizeTestCard(card('4242424242424242', { expYear: 2020 }))).toThrow("Your card's expiration year is invalid.");
    expect(() => tokenizeTestCard(card('4242424242424242', { expMonth: 13 }))).toThrow("Your card's expiration month is invalid.");
    expect(() => tokenizeTestCard(card('4242424242424242', { cvc: '1' }))).toThrow("Your card's security code is invalid.");
  });

  it('refuses a real card number in test mode', () => {
    expect(() => tokenizeTestCard(card('4111111111111111'))).toThrow(/used a non test card/);
  });
});
