import { describeDetail } from './audit-log-page';

describe('an audit entry in words', () => {
  it('shows amounts in their own currency, lists joined and other facts as given', () => {
    expect(describeDetail({ course: 'Physics', amountCents: 145000, percent: 100, currency: 'bdt' })).toBe('course: Physics · amount: ৳1,450 · percent: 100');
    expect(describeDetail({ course: 'Physics', amountCents: 145000, currency: 'bdt' }, 'bn')).toBe('course: Physics · amount: ৳১,৪৫০');
    expect(describeDetail({ course: 'Physics', amountCents: 1999, percent: 80, currency: 'usd' })).toBe('course: Physics · amount: $19.99 · percent: 80');
    // Entries written before amounts carried their currency were all dollars.
    expect(describeDetail({ course: 'Physics', amountCents: 1999, percent: 80 })).toBe('course: Physics · amount: $19.99 · percent: 80');
    expect(describeDetail({ name: 'Algebra', changed: ['price', 'name'] })).toBe('name: Algebra · changed: price, name');
    expect(describeDetail({ changed: [] })).toBe('changed: none');
  });
});
