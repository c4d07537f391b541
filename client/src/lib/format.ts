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
