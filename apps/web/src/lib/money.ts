// Spec 2.7 and 9: money with a $ prefix, grouped; cents shown (both digits) only when there are any.
const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatMoney(value: number): string {
  if (!Number.isFinite(value)) return '$0';
  const size = Math.abs(value);
  const hasCents = Math.round(size * 100) % 100 !== 0;
  const text = hasCents ? cents.format(size) : dollars.format(Math.round(size));
  return value < 0 && text !== '0' ? `-$${text}` : `$${text}`;
}

export const formatWhole = (value: number): string => whole.format(Math.round(value));
