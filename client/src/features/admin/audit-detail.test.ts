import { describeDetail } from './audit-log-page';

describe('an audit entry in words', () => {
  it('shows amounts in dollars, lists joined and other facts as given', () => {
    expect(describeDetail({ course: 'Physics', amountCents: 1999, percent: 80 })).toBe('course: Physics · amount: $19.99 · percent: 80');
    expect(describeDetail({ name: 'Algebra', changed: ['price', 'name'] })).toBe('name: Algebra · changed: price, name');
    expect(describeDetail({ changed: [] })).toBe('changed: none');
  });
});
