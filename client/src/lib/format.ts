import { localDigits } from './digits';
import { localeOf, type Language } from './i18n/languages';
import { fromMinorUnits } from './minor-units';

/**
 * Numbers, money and dates as each language writes them: English as before, Bangla through
 * `Intl` with bn-BD (Bengali digits, Bangladeshi grouping, Bangla month names). Components pass
 * the page's language (`useLanguage().language`); English is the default.
 */

/**
 * Intl's formats, each made on its first use and then kept: making one costs a slow phone tens of
 * milliseconds, so none is made when this module loads, and the common cases below (whole numbers
 * and prices) are written by hand, the same as Intl writes them, without making one at all.
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `n${locale}${JSON.stringify(options)}`;
  let format = formats.get(id) as Intl.NumberFormat | undefined;
  if (!format) formats.set(id, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `d${locale}${JSON.stringify(options)}`;
  let format = formats.get(id) as Intl.DateTimeFormat | undefined;
  if (!format) formats.set(id, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** Numbers written by hand: finite, not negative (nor -0) and below 10^15, where a double still holds every digit. */
export const plain = (value: number) => value >= 0 && value < 1e15 && !Object.is(value, -0);

/** Digits grouped as in Bangladesh and India, the last three then by twos: "1234567" → "12,34,567". */
export function groupLikeBangladesh(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** 'Price: $' plus the value, as the specification shows prices (English pages). */
export function priceLabel(price: number): string {
  return `Price: $${formatDollars(price)}`;
}

/** A dollar amount without the sign: whole dollars as they are, otherwise with cents ("12.50"). */
export function formatDollars(price: number, language: Language = 'en'): string {
  // toFixed rounds a half up, as Intl does for a number that is not negative.
  if (language === 'en' || plain(price)) return localDigits(Number.isInteger(price) ? String(price) : price.toFixed(2), language);
  const digits = Number.isInteger(price) ? 0 : 2;
  return numberFormat(localeOf(language), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(price);
}

/** Cuts a text longer than `max` characters to its first `keep` characters plus an ellipsis. */
export function truncate(text: string, max: number, keep = max): string {
  return text.length > max ? `${text.slice(0, keep)}...` : text;
}

/** A whole number with the language's digits and Bangladeshi grouping (1,20,000 / ১,২০,০০০). */
export function formatNumber(value: number, language: Language = 'en'): string {
  // Math.round takes a half up, as Intl does for a number that is not negative.
  if (plain(value)) return localDigits(groupLikeBangladesh(String(Math.round(value))), language);
  return numberFormat(language === 'en' ? 'en-IN' : localeOf(language), { maximumFractionDigits: 0 }).format(value);
}

/** Below this a figure is written as it is; from it, rounded down ("1,200+"). */
export const FIGURE_ROUNDING_FROM = 1000;

/**
 * A count people read at a glance (the home page's figures): as it is below 1,000 ("44"); from
 * 1,000 rounded down to two significant digits with "+" when that dropped something ("1,234" →
 * "1,200+", "12,345" → "12,000+"); never more than the count. Bengali digits on a Bangla page.
 */
export function formatFigure(count: number, language: Language = 'en'): string {
  if (count < FIGURE_ROUNDING_FROM) return formatNumber(count, language);
  const step = 10 ** (Math.floor(Math.log10(count)) - 1);
  const rounded = Math.floor(count / step) * step;
  return `${formatNumber(rounded, language)}${rounded < count ? '+' : ''}`;
}

/** A number in the language's digits, without grouping ("5000" / "৫০০০"). */
export function formatDigits(value: number, language: Language = 'en'): string {
  if (language === 'en') return String(value);
  if (Number.isInteger(value) && plain(value)) return localDigits(String(value), language);
  return numberFormat(localeOf(language), { useGrouping: false, maximumFractionDigits: 2 }).format(value);
}

/** A number with exactly `digits` decimals in the language's digits, without grouping ("1.5" / "১.৫"). */
export function formatDecimal(value: number, digits: number, language: Language = 'en'): string {
  return numberFormat(language === 'en' ? 'en' : localeOf(language), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(value);
}

/** A taka price as Bangladesh writes it: ৳1,200 and ৳1,20,000 (Indian grouping); ৳১,২০০ in Bangla. */
export function formatTaka(taka: number, language: Language = 'en'): string {
  return `৳${formatNumber(taka, language)}`;
}

/** An amount of money as the server gives it (minor units and currency) in the page's language: "৳1,200", "৳১,২০০", "$12.50". */
export function formatMoney(money: { amount: number; currency: string }, language: Language = 'en'): string {
  const whole = fromMinorUnits(money.amount);
  if (money.currency.toLowerCase() !== 'bdt') return `$${formatDollars(whole, language)}`;
  if (Number.isInteger(whole)) return formatTaka(whole, language);
  if (plain(whole)) {
    const [units, cents] = whole.toFixed(2).split('.');
    return `৳${localDigits(`${groupLikeBangladesh(units)}.${cents}`, language)}`;
  }
  return `৳${numberFormat(language === 'en' ? 'en-IN' : localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(whole)}`;
}

/** Both prices of a course, taka first ("৳1,200 · $10"; the taka alone when it has no dollar price), or `freeLabel` for a free course. */
export function formatCoursePrices(
  course: { isFree: boolean; priceTaka: { amount: number; currency: string }; priceUsd: { amount: number; currency: string } },
  freeLabel: string,
  language: Language = 'en',
): string {
  if (course.isFree) return freeLabel;
  const taka = formatMoney(course.priceTaka, language);
  return course.priceUsd.amount > 0 ? `${taka} · ${formatMoney(course.priceUsd, language)}` : taka;
}

/** A price in the currency it is paid in. */
export function formatPrice(amount: number, currency: 'usd' | 'bdt', language: Language = 'en'): string {
  return currency === 'bdt' ? formatTaka(amount, language) : `$${formatDollars(amount, language)}`;
}

/** Totals kept per currency (Money, in minor units), side by side and never added up: "$120 · ৳14,500"; nothing yet is none of the platform's own currency, "৳0". */
export function formatTotals(totals: ReadonlyArray<{ currency: string; amount: number }>, language: Language = 'en'): string {
  if (totals.length === 0) return formatPrice(0, 'bdt', language);
  return totals.map((total) => formatMoney(total, language)).join(' · ');
}

/** A moment as people here read it, in Bangladesh time: "5 Mar 2026, 14:05" / "৫ মার্চ, ২০২৬, ১৪:০৫". */
export function formatDateTime(iso: string, language: Language = 'en'): string {
  return dateTimeFormat(language === 'en' ? 'en-GB' : localeOf(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Dhaka',
  }).format(new Date(iso));
}

/** "1 lesson", "7 lessons": the count with its noun, singular only for one (English only; catalogues use ICU plurals). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/**
 * A length of time for people. By the minute (a video's length): "45 min", "1 h 20 min", "2 h"
 * (৪৫ মিনিট, ১ ঘণ্টা ২০ মিনিট), under a minute counting as one. By the second (time left, say):
 * "5 s", "2 min 5 s", "3 h 1 min".
 */
export function formatDuration(seconds: number, language: Language = 'en', precision: 'minute' | 'second' = 'minute'): string {
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    language === 'en'
      ? `${value} ${{ hour: 'h', minute: 'min', second: 's' }[name]}`
      : numberFormat(localeOf(language), { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (precision === 'second') {
    const s = Math.max(0, Math.round(seconds));
    if (s < 60) return unit(s, 'second');
    if (s < 3600) return `${unit(Math.floor(s / 60), 'minute')} ${unit(s % 60, 'second')}`;
    return `${unit(Math.floor(s / 3600), 'hour')} ${unit(Math.floor((s % 3600) / 60), 'minute')}`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/** Enrolled students as they are; from 100 on, rounded down to the hundred with a plus ("100+", "200+"). */
export function formatEnrolled(count: number, language: Language = 'en'): string {
  const shown = count >= 100 ? Math.floor(count / 100) * 100 : count;
  const digits = language === 'en' ? String(shown) : formatNumber(shown, language);
  return count >= 100 ? `${digits}+` : digits;
}

/** "23 November 2026" / "২৩ নভেম্বর, ২০২৬", in Dhaka time, for dates shown to learners. */
export function formatDate(value: string | Date, language: Language = 'en'): string {
  return dateTimeFormat(language === 'en' ? 'en-GB' : localeOf(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Dhaka',
  }).format(new Date(value));
}
