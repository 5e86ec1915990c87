// Compact money (spec 2.7 and 9: a $ prefix, grouped digits) for figures that must fit a tile: the
// admin dashboard's and the link preview cards'. No zod here: the web app's bundles carry it.

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

// Prison economies run past trillions: Intl's compact notation stops at T.
const UNITS: readonly (readonly [number, string])[] = [
  [1e18, 'Qi'],
  [1e15, 'Q'],
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
];

/** "$48,210", "-$3": whole dollars; anything that is not a number is "$0". */
export function formatWholeDollars(value: number): string {
  if (!Number.isFinite(value)) return '$0';
  const text = whole.format(Math.round(Math.abs(value)));
  return value < 0 && text !== '0' ? `-$${text}` : `$${text}`;
}

/**
 * "$3.01Q", "$12.5B", "-$4.2M": a sum of a million or more in the largest unit it reaches. Smaller
 * sums, and anything that is not a number, are written by `below`: whole dollars unless the caller
 * passes its own format (the web app shows cents).
 */
export function formatMoneyCompact(
  value: number,
  below: (value: number) => string = formatWholeDollars,
): string {
  const size = Math.abs(value);
  const unit = UNITS.find(([scale]) => size >= scale);
  if (!Number.isFinite(value) || !unit) return below(value);
  const text = `${twoDecimals.format(size / unit[0])}${unit[1]}`;
  return value < 0 ? `-$${text}` : `$${text}`;
}
