import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../test/render';
import { PurchaseBundleDocument } from './api/bundle.generated';
import { BundleBuyForm } from './bundle-buy-form';

const ID = '11111111-1111-4111-8111-111111111111';

describe('paying for a bundle', () => {
  it('pays with the way the page was given, whatever the provider is called', async () => {
    // A way to pay the page knows only from paymentOptions (a hosted page in taka), not by name.
    const provider = 'WALLET' as unknown as 'SSLCOMMERZ';
    const sent: Array<Record<string, unknown>> = [];
    renderRoute(<BundleBuyForm bundleId={ID} provider={provider} buyerName="Nila Akter" price="৳3,200" />, {
      mocks: [
        {
          request: {
            query: PurchaseBundleDocument,
            variables: (variables: { input: Record<string, unknown> }) => {
              sent.push(variables.input);
              return true;
            },
          },
          result: {
            data: { purchaseBundle: { __typename: 'PurchaseResult', status: 'FAILED', redirectURL: null, message: 'Declined by the wallet', paymentId: null } },
          },
        },
      ],
    });
    await userEvent.type(screen.getByLabelText('Mobile number'), '01812-345678');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ৳3,200' }));
    expect(await screen.findByText('Declined by the wallet')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ bundleId: ID, provider: 'WALLET', billingDetails: { name: 'Nila Akter', phone: '01812-345678' } })]);
  });
});
