/** How the product names who took a payment and where it stands, wherever payments are listed. */
export const providerLabel = (provider: string): string =>
  provider === 'sslcommerz' ? 'bKash / Nagad / Rocket / card' : provider === 'test' ? 'Card (test mode)' : 'Card';

export const paymentStatusLabel: Record<string, { label: string; palette: string }> = {
  SUCCEEDED: { label: 'Paid', palette: 'green' },
  PENDING: { label: 'Processing', palette: 'gray' },
  REQUIRES_ACTION: { label: 'Waiting for the payer', palette: 'yellow' },
  HELD: { label: 'Held for review', palette: 'orange' },
  FAILED: { label: 'Not paid', palette: 'red' },
  REFUNDED: { label: 'Refunded', palette: 'purple' },
};

export const paymentDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
