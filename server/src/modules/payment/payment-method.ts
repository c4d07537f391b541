/** A payment method as receipts and lists show it: the wallet or card brand, and a card's last four digits. */
export function methodLabel(method: string | null, last4: string | null): string | null {
  if (!method) return null;
  return last4 ? `${method} •••• ${last4}` : method;
}
