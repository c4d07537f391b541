import { formatMoney, proposeTakaPrice } from './money';

describe('taka prices', () => {
  it('proposes a tidy taka price from dollars at the rate', () => {
    expect(proposeTakaPrice(12, 120)).toBe(1450);
    expect(proposeTakaPrice(9.99, 120)).toBe(1200);
    expect(proposeTakaPrice(1, 120)).toBe(120);
    expect(proposeTakaPrice(0.05, 120)).toBe(10);
    expect(proposeTakaPrice(0, 120)).toBe(0);
    expect(proposeTakaPrice(500, 121.5)).toBe(60750);
  });

  it('writes amounts in their currency, taka with Bangladeshi grouping', () => {
    expect(formatMoney(120_000, 'bdt')).toBe('৳1,200');
    expect(formatMoney(12_000_000, 'bdt')).toBe('৳1,20,000');
    expect(formatMoney(1999, 'usd')).toBe('$19.99');
  });
});
