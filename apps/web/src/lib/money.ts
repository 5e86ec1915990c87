// Spec 2.7: the balance with a $ prefix; grouped, cents only when there are any.
const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatMoney(value: number): string {
  if (!Number.isFinite(value)) return '$0';
  return value < 0 ? `-$${dollars.format(-value)}` : `$${dollars.format(value)}`;
}

export const formatWhole = (value: number): string => whole.format(Math.round(value));
