import { banglaDigitsAsLatin } from '../../shared/digits';

/** Prices as the old platform wrote them: in dollars or taka, with Bengali or ASCII digits, or free. */

/** A price as the old platform wrote it: an amount in its currency, or free. */
export type LegacyPrice = { currency: 'usd' | 'bdt'; amount: number };

const TAKA = /^(৳|tk\.?|taka|bdt|টাকা|টা\.)$/i;
const DOLLARS = /^(\$|us\$|usd|dollars?|ডলার)$/i;
const FREE = /^(free|ফ্রি|বিনামূল্যে|বিনা মূল্যে|মুক্ত)$/i;

/**
 * A price from a number (dollars, the old field's currency) or from text: "$ 550", "550", "USD 12.50"
 * are dollars; "৳1,200", "Tk 1200", "১২০০ টাকা", "1,200 BDT" are taka, never dollars; Bengali digits
 * are read as digits; "Free" / "ফ্রি" is 0. Null when it is not a price.
 */
export function parsePrice(value: unknown): LegacyPrice | null {
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 && value <= 99_999_999 ? { currency: 'usd', amount: Math.round(value * 100) / 100 } : null;
  if (typeof value !== 'string') return null;
  const written = banglaDigitsAsLatin(value.normalize('NFC')).trim();
  if (FREE.test(written)) return { currency: 'usd', amount: 0 };
  const match = /^([^\d\s]*?)\s*([\d,]*\d(?:\.\d+)?)\s*([^\d\s]*)$/.exec(written);
  if (!match) return null;
  const [, before, figure, after] = match;
  const unit = before || after;
  if (before && after) return null;
  let currency: LegacyPrice['currency'];
  if (!unit || DOLLARS.test(unit)) currency = 'usd';
  else if (TAKA.test(unit)) currency = 'bdt';
  else return null;
  // Grouping commas ("1,200", "1,00,000"); a comma that does not group digits is not a price.
  if (/,/.test(figure) && !/^\d{1,3}(,\d{2,3})*(\.\d+)?$/.test(figure)) return null;
  const amount = Number(figure.replace(/,/g, ''));
  if (!Number.isFinite(amount) || amount < 0 || amount > 99_999_999) return null;
  return { currency, amount: Math.round(amount * 100) / 100 };
}

/** Dollars only (an old enrollment's amount): a taka amount is not dollars. */
export function parseDollars(value: unknown): number | null {
  const price = parsePrice(value);
  return price && price.currency === 'usd' ? price.amount : null;
}

/** A taka price in a field meant for taka (`priceBDT`): a bare figure is taka there; dollars are not. */
export function takaField(value: unknown): number | null | 'bad' {
  if (value === undefined || value === null || value === '') return null;
  const price = parsePrice(value);
  if (!price) return 'bad';
  if (price.currency === 'usd' && typeof value === 'string' && /\$|usd|dollar|ডলার/i.test(value)) return 'bad';
  return price.amount;
}
