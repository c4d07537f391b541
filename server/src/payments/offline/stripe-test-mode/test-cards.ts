import { cardBrandName, type PaymentMethodUsed } from '../../provider';
/**
 * Stripe's documented test cards, tokens and payment methods, and what each one does in test mode.
 * https://docs.stripe.com/testing
 */
export type TestOutcome = { kind: 'succeed' } | { kind: 'decline'; code: string; message: string } | { kind: 'authenticate' };

const succeed: TestOutcome = { kind: 'succeed' };
const authenticate: TestOutcome = { kind: 'authenticate' };
const decline = (code: string, message: string): TestOutcome => ({ kind: 'decline', code, message });

export const DECLINED = 'Your card was declined.';
export const INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
export const EXPIRED_CARD = 'Your card has expired.';
export const INCORRECT_CVC = "Your card's security code is incorrect.";
export const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** Payment methods and tokens by id. */
export const testPaymentMethods: Record<string, TestOutcome> = {
  pm_card_visa: succeed,
  pm_card_visa_debit: succeed,
  pm_card_mastercard: succeed,
  pm_card_amex: succeed,
  tok_visa: succeed,
  tok_visa_debit: succeed,
  tok_mastercard: succeed,
  tok_amex: succeed,
  pm_card_chargeDeclined: decline('generic_decline', DECLINED),
  tok_chargeDeclined: decline('generic_decline', DECLINED),
  pm_card_visa_chargeDeclined: decline('generic_decline', DECLINED),
  pm_card_chargeDeclinedInsufficientFunds: decline('insufficient_funds', INSUFFICIENT_FUNDS),
  tok_chargeDeclinedInsufficientFunds: decline('insufficient_funds', INSUFFICIENT_FUNDS),
  pm_card_chargeDeclinedExpiredCard: decline('expired_card', EXPIRED_CARD),
  tok_chargeDeclinedExpiredCard: decline('expired_card', EXPIRED_CARD),
  pm_card_chargeDeclinedIncorrectCvc: decline('incorrect_cvc', INCORRECT_CVC),
  tok_chargeDeclinedIncorrectCvc: decline('incorrect_cvc', INCORRECT_CVC),
  pm_card_authenticationRequired: authenticate,
  pm_card_threeDSecure2Required: authenticate,
  tok_threeDSecure2Required: authenticate,
  pm_card_authenticationRequiredOnSetup: authenticate,
};

/** Test card numbers and the payment method Stripe.js would make of them. */
export const testCardNumbers: Record<string, { paymentMethod: string; brand: string }> = {
  '4242424242424242': { paymentMethod: 'pm_card_visa', brand: 'visa' },
  '4000056655665556': { paymentMethod: 'pm_card_visa_debit', brand: 'visa' },
  '5555555555554444': { paymentMethod: 'pm_card_mastercard', brand: 'mastercard' },
  '378282246310005': { paymentMethod: 'pm_card_amex', brand: 'amex' },
  '4000000000000002': { paymentMethod: 'pm_card_chargeDeclined', brand: 'visa' },
  '4000000000009995': { paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds', brand: 'visa' },
  '4000000000000069': { paymentMethod: 'pm_card_chargeDeclinedExpiredCard', brand: 'visa' },
  '4000000000000127': { paymentMethod: 'pm_card_chargeDeclinedIncorrectCvc', brand: 'visa' },
  '4000002500003155': { paymentMethod: 'pm_card_authenticationRequired', brand: 'visa' },
  '4000002760003184': { paymentMethod: 'pm_card_authenticationRequired', brand: 'visa' },
  '4000000000003220': { paymentMethod: 'pm_card_threeDSecure2Required', brand: 'visa' },
};

/** The card behind a test payment method or token, as Stripe reports it on the charge (brand, last four digits). */
export function testCardUsed(paymentMethod: string | null): PaymentMethodUsed | null {
  if (!paymentMethod) return null;
  const id = paymentMethod.replace(/^tok_/, 'pm_card_');
  const found = Object.entries(testCardNumbers).find(([, card]) => card.paymentMethod === id);
  return found ? { name: cardBrandName(found[1].brand), last4: found[0].slice(-4) } : null;
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export class CardError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What Stripe.js does with a typed card in test mode: checks the number, expiry and security code,
 * and answers the test payment method for a test card. Real card numbers are refused.
 */
export function tokenizeTestCard(card: { number: string; expMonth: number; expYear: number; cvc: string }, today = new Date()) {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) throw new CardError('incorrect_number', 'Your card number is incorrect.');
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    throw new CardError('invalid_expiry_month', "Your card's expiration month is invalid.");
  }
  const endOfMonth = new Date(Date.UTC(year, card.expMonth, 1));
  if (!Number.isInteger(year) || endOfMonth <= today) throw new CardError('invalid_expiry_year', "Your card's expiration year is invalid.");
  if (!/^\d{3,4}$/.test(card.cvc)) throw new CardError('invalid_cvc', "Your card's security code is invalid.");
  const known = testCardNumbers[number];
  if (!known) {
    throw new CardError(
      'card_declined',
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    );
  }
  return { id: known.paymentMethod, brand: known.brand, last4: number.slice(-4) };
}
