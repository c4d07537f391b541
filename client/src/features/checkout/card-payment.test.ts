import { formatExpiry, parseExpiry } from './card-payment';

describe('the card expiry field', () => {
  it('adds the slash as the buyer types', () => {
    let value = '';
    for (const key of '1229') value = formatExpiry(value + key, value);
    expect(value).toBe('12/29');
    expect(formatExpiry('1', '')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('5', '')).toBe('05/');
  });

  it('lets the buyer delete the slash', () => {
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('1', '12')).toBe('1');
  });

  it('reads pasted and typed forms alike', () => {
    for (const pasted of ['1229', '12/29', '12 / 29', '12-29', ' 12/29 ']) expect(formatExpiry(pasted)).toBe('12/29');
    for (const pasted of ['122029', '12/2029', '12.2029', '12 / 2029']) expect(formatExpiry(pasted)).toBe('12/2029');
    expect(formatExpiry('3/29')).toBe('03/29');
    let typed = '';
    for (const key of '122029') typed = formatExpiry(typed + key, typed);
    expect(typed).toBe('12/2029');
    expect(parseExpiry(typed)).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry(formatExpiry('1229'))).toEqual({ month: 12, year: 2029 });
  });
});
