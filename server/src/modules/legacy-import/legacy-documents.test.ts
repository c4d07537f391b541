import { classLevelIn } from './legacy-course';
import { parsePrice } from './legacy-prices';

describe("reading the old platform's prices and classes", () => {
  it.each([
    ['$ 550', { currency: 'usd', amount: 550 }],
    [49, { currency: 'usd', amount: 49 }],
    ['USD 12.50', { currency: 'usd', amount: 12.5 }],
    ['1,200', { currency: 'usd', amount: 1200 }],
    ['৳1,200', { currency: 'bdt', amount: 1200 }],
    ['১২০০ টাকা', { currency: 'bdt', amount: 1200 }],
    ['৳১,২০০', { currency: 'bdt', amount: 1200 }],
    ['Tk. 850', { currency: 'bdt', amount: 850 }],
    ['1,00,000 BDT', { currency: 'bdt', amount: 100000 }],
    ['$ ৪৯', { currency: 'usd', amount: 49 }],
    ['Free', { currency: 'usd', amount: 0 }],
    ['ফ্রি', { currency: 'usd', amount: 0 }],
    ['free-ish', null],
    ['৳12 $', null],
    ['12,34,5', null],
    ['€ 10', null],
    [-5, null],
  ])('%j is %j', (written, price) => {
    expect(parsePrice(written)).toEqual(price);
  });

  it.each([
    ['Class 9', 9],
    ['class-10', 10],
    ['নবম শ্রেণি', 9],
    ['৯ম শ্রেণী', 9],
    ['শ্রেণি ৮', 8],
    ['ক্লাস ১২', 12],
    ['দ্বাদশ শ্রেণির রসায়ন', 12],
    ['Class 1 to 12', null],
    ['১ থেকে ১২ শ্রেণি', null],
    ['Class 13', null],
    ['Professional Skill', null],
  ])('"%s" names class %p', (text, level) => {
    expect(classLevelIn(text)).toBe(level);
  });
});
