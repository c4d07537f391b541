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

/** A moment as people here read it, in Bangladesh time: "5 Mar 2026, 14:05". */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Dhaka' });
}
