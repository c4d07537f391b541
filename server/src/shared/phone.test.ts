import { decimalOf, latinDigits, wholeNumberOf } from './digits';
import { nationalMobile, normalizeBangladeshMobile, storedPhone } from './phone';

describe('numbers typed in Bangla digits', () => {
  it('reads Bangla digits as the same number, and leaves every other letter alone', () => {
    expect(latinDigits('০১৭১২-৩৪৫৬৭৮')).toBe('01712-345678');
    expect(latinDigits('ক্লাস ৯, SHK-৭Q২M')).toBe('ক্লাস 9, SHK-7Q2M');
    expect(wholeNumberOf('১২')).toBe(12);
    expect(wholeNumberOf(' 12 ')).toBe(12);
    expect(wholeNumberOf('১২.৫')).toBeNaN();
    expect(wholeNumberOf('বারো')).toBeNaN();
    expect(decimalOf('১২.৫০')).toBe(12.5);
    expect(decimalOf('12,50')).toBeNaN();
  });
});

describe('Bangladeshi mobile numbers', () => {
  it.each([
    ['০১৭১২৩৪৫৬৭৮', '+8801712345678'],
    ['০১৭১২-৩৪৫৬৭৮', '+8801712345678'],
    ['01712-345678', '+8801712345678'],
    ['+880 1712 345678', '+8801712345678'],
    ['+৮৮০১৯১২৩৪৫৬৭৮', '+8801912345678'],
    ['8801312345678', '+8801312345678'],
    ['008801512345678', '+8801512345678'],
  ])('keeps %s as %s', (typed, kept) => {
    expect(normalizeBangladeshMobile(typed)).toBe(kept);
  });

  it.each(['01212345678', '0171234567', '017123456789', '1712345678', '+4420 7946 0958', '', 'ফোন'])('refuses %p as a Bangladeshi mobile', (typed) => {
    expect(normalizeBangladeshMobile(typed)).toBeNull();
  });

  it('dials inside Bangladesh with the leading 0, and keeps other numbers as typed with Latin digits', () => {
    expect(nationalMobile('+8801712345678')).toBe('01712345678');
    expect(storedPhone(' +44 20 ৭৯৪৬ 0958 ')).toBe('+44 20 7946 0958');
  });
});
