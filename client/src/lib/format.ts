/** 'Price: $' plus the value, as the specification shows prices. */
export function priceLabel(price: number): string {
  return `Price: $${formatDollars(price)}`;
}

export function formatDollars(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}

/** Cuts a text longer than `max` characters to its first `keep` characters plus an ellipsis. */
export function truncate(text: string, max: number, keep = max): string {
  return text.length > max ? `${text.slice(0, keep)}...` : text;
}

const takaFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A taka price as Bangladesh writes it: ৳1,200 and ৳1,20,000 (Indian grouping). */
export function formatTaka(taka: number): string {
  return `৳${takaFormat.format(taka)}`;
}

/** A price in the currency it is paid in. */
export function formatPrice(amount: number, currency: 'usd' | 'bdt'): string {
  return currency === 'bdt' ? formatTaka(amount) : `$${formatDollars(amount)}`;
}

/** Totals kept per currency, side by side and never added up: "$120 · ৳14,500"; "$0" when there are none. */
export function formatTotals(totals: ReadonlyArray<{ currency: string; amount: number }>): string {
  if (totals.length === 0) return '$0';
  return totals.map((total) => formatPrice(total.amount, total.currency === 'bdt' ? 'bdt' : 'usd')).join(' · ');
}

/** A moment as people here read it, in Bangladesh time: "5 Mar 2026, 14:05". */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Dhaka' });
}

/** "1 lesson", "7 lessons": the count with its noun, singular only for one. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** A video length for people: "45 min", "1 h 20 min", "2 h"; under a minute counts as one. */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Enrolled students as they are; from 100 on, rounded down to the hundred with a plus ("100+", "200+"). */
export function formatEnrolled(count: number): string {
  return count >= 100 ? `${Math.floor(count / 100) * 100}+` : String(count);
}

/** "23 November 2026", in Dhaka time, for dates shown to learners. */
export function formatDate(value: string | Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dhaka' }).format(new Date(value));
}
