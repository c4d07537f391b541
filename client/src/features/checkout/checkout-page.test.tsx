import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BuyerPhoneDocument } from './api/buyer.generated';
import { CheckoutPageDocument, type CheckoutPageQuery } from './api/checkout.generated';
import CheckoutPage from './checkout-page';
import { paths, routePatterns } from '../../lib/paths';
import { answer, failure, renderRoute, type RouteOptions } from '../../test/render';

const id = 'c0000000-0000-4000-8000-000000000007';
type Course = NonNullable<CheckoutPageQuery['course']>;

const paid: Course = {
  id,
  name: 'Physics for Class 9',
  photoURL: null,
  category: 'SCHOOL',
  instructor: 'Rahim Uddin',
  isFree: false,
  priceTaka: { amount: 120_000, currency: 'BDT' },
  priceUsd: { amount: 1000, currency: 'USD' },
  isEnrolled: false,
  latestPayment: null,
};
const settings: CheckoutPageQuery['paymentSettings'] = {
  testMode: true,
  publishableKey: null,
};
type Options = CheckoutPageQuery['paymentOptions'];
const local = {
  __typename: 'PaymentOption' as const,
  provider: 'SSLCOMMERZ' as const,
  kind: 'HOSTED_PAGE' as const,
  methods: ['bKash', 'Nagad', 'Rocket', 'Card'],
  currency: 'BDT' as const,
};
const card = { __typename: 'PaymentOption' as const, provider: 'STRIPE' as const, kind: 'CARD_FORM' as const, methods: ['Visa'], currency: 'USD' as const };
const optionsIn: Record<string, Options> = {
  en: [
    { ...local, label: 'bKash / Nagad / Rocket / card (SSLCommerz)' },
    { ...card, label: 'International card (Stripe)' },
  ],
  bn: [
    { ...local, label: 'বিকাশ / নগদ / রকেট / কার্ড (SSLCommerz)' },
    { ...card, label: 'আন্তর্জাতিক কার্ড (Stripe)' },
  ],
};

const open = (course: Course | null, language: RouteOptions['language'] = 'en', mocks: RouteOptions['mocks'] = [], options?: Options) =>
  renderRoute(<CheckoutPage />, {
    path: routePatterns.enroll,
    at: paths.enroll(id),
    language,
    otherPaths: [routePatterns.player],
    mocks: [
      ...mocks,
      answer(CheckoutPageDocument, { id }, { course, paymentSettings: settings, paymentOptions: options ?? optionsIn[language ?? 'en'] }),
      answer(BuyerPhoneDocument, {}, { me: null }),
    ],
  });

describe('the checkout page', () => {
  it('offers a way to pay the server names, on a gateway’s page, without knowing it by name', async () => {
    // A third provider, as a direct wallet integration would be: the page works from its kind alone.
    const wallet = { ...local, provider: 'WALLET' as unknown as typeof local.provider, label: 'Wallet', methods: ['Wallet'] };
    open(paid, 'en', [], [wallet, { ...card, label: 'International card (Stripe)' }]);
    const choice = await screen.findByRole('radiogroup', { name: 'How do you want to pay?' });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((way) => way.closest('label')?.textContent),
    ).toEqual(['Wallet — ৳1,200', 'International card (Stripe) — $10']);
    expect(screen.getByRole('form', { name: 'Pay with bKash, Nagad, Rocket or card' })).toBeInTheDocument();
  });

  it('offers bKash, Nagad, Rocket and local cards first, in taka, and an international card in dollars', async () => {
    open(paid);
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const choice = screen.getByRole('radiogroup', { name: 'How do you want to pay?' });
    const ways = within(choice).getAllByRole('radio');
    expect(ways.map((way) => way.closest('label')?.textContent)).toEqual([
      'bKash / Nagad / Rocket / card (SSLCommerz) — ৳1,200',
      'International card (Stripe) — $10',
    ]);
    expect(ways[0]).toBeChecked();
    expect(screen.getByRole('form', { name: 'Pay with bKash, Nagad, Rocket or card' })).toBeInTheDocument();
    expect(screen.getByText('Sandbox: no real money moves.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pay With Credit Card' })).toBeNull();
  });

  it('shows the card form, in test mode with its test cards, when the buyer picks an international card', async () => {
    open(paid);
    await userEvent.click(await screen.findByText('International card (Stripe) — $10'));
    const form = await screen.findByRole('form', { name: 'Pay With Credit Card' });
    expect(within(form).getByText('Test mode: no real money moves.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Card number/)).toBeInTheDocument();
    expect(within(form).getByLabelText(/Expiry/)).toBeInTheDocument();
    expect(within(form).getByLabelText(/CVC/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Pay Now $10' })).toBeEnabled();
    expect(within(form).getByText('You pay $10 once. The course is yours at once after payment.')).toBeInTheDocument();
  });

  it('asks for the name on the card and the billing address before paying', async () => {
    open(paid);
    await userEvent.click(await screen.findByText('International card (Stripe) — $10'));
    const form = await screen.findByRole('form', { name: 'Pay With Credit Card' });
    await userEvent.click(within(form).getByRole('button', { name: 'Pay Now $10' }));
    expect(within(form).getAllByText('Required').length).toBeGreaterThan(0);
    expect(within(form).getByRole('button', { name: 'Pay Now $10' })).toBeEnabled();
  });

  it('offers only the local ways to pay for a course sold in taka only', async () => {
    open({ ...paid, priceUsd: { amount: 0, currency: 'USD' } });
    expect(await screen.findByRole('form', { name: 'Pay with bKash, Nagad, Rocket or card' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('enrolls in a free course with one button, no card', async () => {
    const free = { ...paid, isFree: true, priceTaka: { amount: 0, currency: 'BDT' as const }, priceUsd: { amount: 0, currency: 'USD' as const } };
    open(free);
    expect(await screen.findByRole('heading', { level: 2, name: 'This course is free' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enroll for free' })).toBeEnabled();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('takes an enrolled student to the course instead of a payment form', async () => {
    open({ ...paid, isEnrolled: true });
    expect(await screen.findByText('You are already enrolled in this course.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to course' })).toHaveAttribute('href', paths.player(id));
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows no payment form while a payment is being checked', async () => {
    open({ ...paid, latestPayment: { id: 'p1', status: 'HELD' } });
    expect(await screen.findByTestId('payment-held')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says when the course does not exist, with a way to all courses', async () => {
    open(null);
    expect(await screen.findByText('This course does not exist or is no longer offered.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', paths.allCourses);
  });

  it('says when the checkout could not be loaded, with a way to try again', async () => {
    renderRoute(<CheckoutPage />, { path: routePatterns.enroll, at: paths.enroll(id), mocks: [failure(CheckoutPageDocument, { id })] });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('in Bangla, with the taka price in Bengali digits', async () => {
    open(paid, 'bn');
    const choice = await screen.findByRole('radiogroup');
    expect(within(choice).getAllByRole('radio')[0].closest('label')).toHaveTextContent('৳১,২০০');
  });
});
