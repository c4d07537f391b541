import { screen } from '@testing-library/react';
import { answer, failure, renderRoute } from '../../test/render';
import { routePatterns } from '../../lib/paths';
import { BundlePageDocument, type BundlePageQuery } from './api/bundle.generated';
import BundlePage from './bundle-page';

const ID = '11111111-1111-4111-8111-111111111111';
const taka = (amount: number) => ({ __typename: 'Money' as const, amount, currency: 'BDT' as const });
const course = (id: string, name: string, amount: number) => ({
  __typename: 'Course' as const,
  id,
  name,
  photoURL: null,
  instructor: 'Anika Rahman',
  priceTaka: taka(amount),
});

const paymentOptions = [{ __typename: 'PaymentOption' as const, provider: 'SSLCOMMERZ' as const, kind: 'HOSTED_PAGE' as const, currency: 'BDT' as const }];
const bundle = (owned: string[], priceForYou: number): BundlePageQuery =>
  ({
    bundle: {
      __typename: 'Bundle',
      id: ID,
      name: 'Science 9',
      courses: [course('physics', 'Physics 9', 100_000), course('chemistry', 'Chemistry 9', 100_000), course('biology', 'Biology 9', 200_000)],
      price: taka(320_000),
      listPrice: taka(400_000),
      saving: taka(80_000),
      priceForYou: taka(priceForYou),
      ownedCourseIds: owned,
    },
    paymentOptions,
  }) as BundlePageQuery;

const at = `/bundles/${ID}`;
const path = routePatterns.bundle;

describe("a bundle's page", () => {
  it('shows the loading state while its data comes', () => {
    renderRoute(<BundlePage />, {
      path,
      at,
      mocks: [{ request: { query: BundlePageDocument, variables: { id: ID } }, result: { data: bundle([], 320_000) }, delay: 60_000 }],
    });
    expect(screen.getByRole('status')).toHaveTextContent('loading...');
  });

  it('says what failed and offers to try again', async () => {
    renderRoute(<BundlePage />, { path, at, mocks: [failure(BundlePageDocument, { id: ID })] });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the price, the list price and the saving to a visitor, who signs in to buy', async () => {
    renderRoute(<BundlePage />, { path, at, mocks: [answer(BundlePageDocument, { id: ID }, bundle([], 320_000))] });
    expect(await screen.findByRole('heading', { name: 'Science 9', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('bundle-price-amount')).toHaveTextContent('৳3,200');
    expect(screen.getByTestId('bundle-saving')).toHaveTextContent('You save ৳800');
    expect(screen.queryByTestId('bundle-price-for-you')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in to buy for ৳3,200' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(at)}`);
  });

  it('states the price for the rest, in Bangla digits, when some courses are owned', async () => {
    renderRoute(<BundlePage />, { path, at, language: 'bn', mocks: [answer(BundlePageDocument, { id: ID }, bundle(['physics'], 240_000))] });
    expect(await screen.findByTestId('bundle-price-for-you')).toHaveTextContent('এই কোর্সগুলোর ১টি আগে থেকেই আপনার: বাকিগুলোর জন্য আপনি দেবেন ৳২,৪০০।');
    expect(screen.getByText('আগে থেকেই আপনার')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '৳২,৪০০-এ কিনতে লগইন করুন' })).toBeInTheDocument();
  });

  it('says so when every course is owned', async () => {
    renderRoute(<BundlePage />, { path, at, mocks: [answer(BundlePageDocument, { id: ID }, bundle(['physics', 'chemistry', 'biology'], 0))] });
    expect(await screen.findByTestId('bundle-all-owned')).toHaveTextContent('You already own every course in this bundle.');
  });

  it('tells of a bundle that is not on sale', async () => {
    renderRoute(<BundlePage />, { path, at, mocks: [answer(BundlePageDocument, { id: ID }, { bundle: null, paymentOptions })] });
    expect(await screen.findByRole('heading', { name: 'This bundle is not on sale' })).toBeInTheDocument();
  });
});
