import {
  formatCoursePrices,
  formatDate,
  formatDecimal,
  formatDigits,
  formatDollars,
  formatMoney,
  formatNumber,
  formatDateTime,
  formatDuration,
  formatEnrolled,
  formatFigure,
  formatPrice,
  formatTaka,
  formatTotals,
  plural,
  priceLabel,
  truncate,
} from './format';

describe('prices', () => {
  it("shows 'Price: $' plus the value", () => {
    expect(priceLabel(49)).toBe('Price: $49');
    expect(priceLabel(0)).toBe('Price: $0');
    expect(priceLabel(12.5)).toBe('Price: $12.50');
  });
});

describe('taka', () => {
  it('writes taka with the taka sign and Bangladeshi grouping', () => {
    expect(formatTaka(1200)).toBe('৳1,200');
    expect(formatTaka(120000)).toBe('৳1,20,000');
    expect(formatTaka(0)).toBe('৳0');
    expect(formatPrice(1200, 'bdt')).toBe('৳1,200');
    expect(formatPrice(12.5, 'usd')).toBe('$12.50');
  });

  it('shows totals per currency side by side, never summed', () => {
    expect(
      formatTotals([
        { currency: 'usd', amount: 12_000 },
        { currency: 'bdt', amount: 1_450_000 },
      ]),
    ).toBe('$120 · ৳14,500');
    expect(formatTotals([])).toBe('৳0');
  });
});

describe('truncate', () => {
  it('cuts a checkout name over 25 characters to its first 20 plus an ellipsis', () => {
    expect(truncate('Class 10 Higher Mathematics (SSC)', 25, 20)).toBe('Class 10 Higher Math...');
    expect(truncate('Exactly twenty-five chars', 25, 20)).toBe('Exactly twenty-five chars');
  });

  it('cuts a lesson title at 60 characters', () => {
    const title = 'x'.repeat(61);
    expect(truncate(title, 60)).toBe(`${'x'.repeat(60)}...`);
    expect(truncate('x'.repeat(60), 60)).toBe('x'.repeat(60));
  });
});

describe('course figures', () => {
  it('says "1 lesson" but "0 lessons" and "7 lessons"', () => {
    expect(plural(1, 'lesson')).toBe('1 lesson');
    expect(plural(0, 'lesson')).toBe('0 lessons');
    expect(plural(7, 'lesson')).toBe('7 lessons');
  });

  it('gives video lengths in minutes and hours', () => {
    expect(formatDuration(20)).toBe('1 min');
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(80 * 60)).toBe('1 h 20 min');
    expect(formatDuration(7200)).toBe('2 h');
    expect(formatDuration(5, 'en', 'second')).toBe('5 s');
    expect(formatDuration(125, 'en', 'second')).toBe('2 min 5 s');
  });

  it('shows enrolled students as they are below 100 and as "100+" only from 100', () => {
    expect(formatEnrolled(0)).toBe('0');
    expect(formatEnrolled(99)).toBe('99');
    expect(formatEnrolled(100)).toBe('100+');
    expect(formatEnrolled(257)).toBe('200+');
  });

  it('writes dates in Dhaka time', () => {
    expect(formatDate('2026-11-22T20:30:00Z')).toBe('23 November 2026');
  });
});

describe('in Bangla', () => {
  it('writes numbers and taka with Bengali digits and Bangladeshi grouping', () => {
    expect(formatTaka(1200, 'bn')).toBe('৳১,২০০');
    expect(formatTaka(120000, 'bn')).toBe('৳১,২০,০০০');
    expect(formatPrice(12.5, 'usd', 'bn')).toBe('$১২.৫০');
    expect(
      formatTotals(
        [
          { currency: 'usd', amount: 12_000 },
          { currency: 'bdt', amount: 1_450_000 },
        ],
        'bn',
      ),
    ).toBe('$১২০ · ৳১৪,৫০০');
    // Nothing received yet: zero taka, never a dollar amount on a Bangla page.
    expect(formatTotals([], 'bn')).toBe('৳০');
    expect(formatEnrolled(257, 'bn')).toBe('২০০+');
  });

  it('names the month in Bangla, in Dhaka time', () => {
    expect(formatDate('2026-11-22T20:30:00Z', 'bn')).toBe('২৩ নভেম্বর, ২০২৬');
    expect(formatDateTime('2026-03-05T08:05:00Z', 'bn')).toBe('৫ মার্চ, ২০২৬, ১৪:০৫');
  });

  it('gives video lengths in Bangla units', () => {
    expect(formatDuration(45 * 60, 'bn')).toBe('৪৫ মিনিট');
    expect(formatDuration(80 * 60, 'bn')).toBe('১ ঘণ্টা ২০ মিনিট');
    expect(formatDuration(125, 'bn', 'second')).toBe('২ মিনিট ৫ সেকেন্ড');
  });

  it('leaves English as it was', () => {
    expect(formatDateTime('2026-03-05T08:05:00Z')).toBe('5 Mar 2026, 14:05');
    expect(formatTaka(1200, 'en')).toBe('৳1,200');
  });
});

describe("the home page's figures", () => {
  it('are written as they are below 1,000, and from there rounded down, never above the count', () => {
    expect([0, 4, 44, 999].map((n) => formatFigure(n))).toEqual(['0', '4', '44', '999']);
    expect([1000, 1234, 1299, 12_345, 120_000, 1_234_567].map((n) => formatFigure(n))).toEqual([
      '1,000',
      '1,200+',
      '1,200+',
      '12,000+',
      '1,20,000',
      '12,00,000+',
    ]);
    expect(formatFigure(1234, 'bn')).toBe('১,২০০+');
    expect(formatFigure(44, 'bn')).toBe('৪৪');
  });
});

describe('numbers written without making an Intl formatter', () => {
  const values = [
    0,
    1,
    7,
    42,
    999,
    1000,
    1200,
    12345,
    99999,
    100000,
    123456,
    1234567,
    98765432,
    123456789012,
    0.5,
    1.5,
    2.5,
    12.345,
    12.5,
    1234.005,
    99.995,
    1e14 + 0.25,
  ];
  const intl = (locale: string, options: Intl.NumberFormatOptions) => (value: number) => new Intl.NumberFormat(locale, options).format(value);

  it('writes them exactly as Intl does, in both languages', () => {
    for (const value of values) {
      expect(formatNumber(value)).toBe(intl('en-IN', { maximumFractionDigits: 0 })(value));
      expect(formatNumber(value, 'bn')).toBe(intl('bn-BD', { maximumFractionDigits: 0 })(value));
      const cents = Number.isInteger(value) ? 0 : 2;
      expect(formatDollars(value, 'bn')).toBe(intl('bn-BD', { minimumFractionDigits: cents, maximumFractionDigits: cents, useGrouping: false })(value));
      const whole = (value * 100) / 100;
      expect(formatMoney({ amount: value * 100, currency: 'BDT' }, 'bn')).toBe(
        `৳${intl('bn-BD', Number.isInteger(whole) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 })(whole)}`,
      );
      if (Number.isInteger(value)) expect(formatDigits(value, 'bn')).toBe(intl('bn-BD', { useGrouping: false, maximumFractionDigits: 2 })(value));
    }
    expect(formatMoney({ amount: 123450, currency: 'BDT' })).toBe('৳1,234.50');
    expect(formatNumber(-1234.5)).toBe(intl('en-IN', { maximumFractionDigits: 0 })(-1234.5));
    expect(formatNumber(-0, 'bn')).toBe(intl('bn-BD', { maximumFractionDigits: 0 })(-0));
  });

  it('makes no formatter for the prices and figures of a course card or the home page', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      for (const language of ['en', 'bn'] as const) {
        formatFigure(12345, language);
        formatEnrolled(1234, language);
        formatCoursePrices({ isFree: false, priceTaka: { amount: 120000, currency: 'BDT' }, priceUsd: { amount: 1250, currency: 'USD' } }, 'Free', language);
      }
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('makes any other formatter once, on its first use', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      expect(formatDecimal(1.5, 2, 'bn')).toBe('১.৫০');
      expect(formatDecimal(2.25, 2, 'bn')).toBe('২.২৫');
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});
