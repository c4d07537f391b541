import fs from 'node:fs';
import path from 'node:path';
import { formatMoney, proposeDollarPrice, proposeTakaPrice } from './money';

/** The server's and the client's source files, tests aside. */
function sources(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

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

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

describe('proposing a price in the other currency', () => {
  it('proposes whole dollars from taka at the rate, at least $1 for a paid course', () => {
    expect(proposeDollarPrice(500, 120)).toBe(4);
    expect(proposeDollarPrice(1200, 120)).toBe(10);
    expect(proposeDollarPrice(50, 120)).toBe(1);
    expect(proposeDollarPrice(0, 120)).toBe(0);
  });

  it('has one home: no other file converts between dollars and taka at the rate', () => {
    const root = path.resolve(__dirname, '../../..');
    const converting = /[*/]\s*\(?\s*[\w.]*(usdToBdt|USD_TO_BDT)\b|\b(usdToBdt|USD_TO_BDT)\s*\)?\s*[*/]/;
    const found = [...sources(path.join(root, 'server/src')), ...sources(path.join(root, 'client/src'))]
      .filter((file) => file !== path.join(__dirname, 'money.ts'))
      .filter((file) => converting.test(withoutComments(fs.readFileSync(file, 'utf8'))))
      .map((file) => path.relative(root, file));
    expect(found).toEqual([]);
  });
});
