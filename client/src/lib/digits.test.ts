import { latinDigits, typedNumber } from './digits';

describe('numbers typed in Bangla digits', () => {
  it('reads them as the same numbers', () => {
    expect(latinDigits('০১৭১২-৩৪৫৬৭৮')).toBe('01712-345678');
    expect(typedNumber('১২.৫০')).toBe(12.5);
    expect(typedNumber(' 9 ')).toBe(9);
  });

  it('reads letters and blanks as no number at all', () => {
    expect(typedNumber('')).toBeNaN();
    expect(typedNumber('বারো')).toBeNaN();
    expect(typedNumber('12abc')).toBeNaN();
  });
});
