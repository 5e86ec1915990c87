// Money as the pages write it (spec 9 Formatting: a $ prefix and thousands separators; leaderboard
// balances rounded; the dashboard without decimals) and the little arithmetic they do with it. Money
// arrives as exact decimal text ("4000000000000007.35", money.ts) and stays exact: it is rounded and
// grouped digit for digit here, and sums and comparisons are done in whole cents with BigInt, never
// through a double. Not with Intl.NumberFormat, which would write the same: the first Intl object a
// page makes loads the browser's locale data, a long task on a phone while the page hydrates. No zod
// here: the web app's bundles carry it.

const MONEY = /^-?[0-9]+(?:\.[0-9]+)?$/;
const isMoney = (amount: string): boolean => MONEY.test(amount);

/** "1234567" -> "1,234,567", "-1234" -> "-1,234": en-US thousands separators on a whole number's digits. */
export const groupDigits = (digits: string): string => digits.replace(/\B(?=(?:\d{3})+$)/g, ',');

/**
 * Money text rounded to `places` decimals, halves away from zero: its sign and its size in units of
 * the last place kept ("-2.345", 2 -> negative, 235n).
 */
function rounded(amount: string, places: number): { negative: boolean; units: bigint } {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const kept = fraction.slice(0, places).padEnd(places, '0');
  const up = (fraction[places] ?? '0') >= '5' ? 1n : 0n;
  return { negative, units: BigInt(whole + kept) + up };
}

/**
 * Units of the last of `places` decimals as text: grouped whole digits, then the decimals left after
 * `strip` (all trailing zeros, the decimals only when all are zeros, or none).
 */
function decimalText(units: bigint, places: number, strip: 'zeros' | 'if-whole' | 'none'): string {
  const digits = units.toString().padStart(places + 1, '0');
  const whole = groupDigits(digits.slice(0, digits.length - places));
  let fraction = digits.slice(digits.length - places);
  if (strip === 'zeros') fraction = fraction.replace(/0+$/, '');
  else if (strip === 'if-whole' && /^0*$/.test(fraction)) fraction = '';
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * Decimal text ("-2.345") rounded to `places` decimals, halves away from zero, and grouped ("-2.35"),
 * its trailing zeros dropped (`zeros`) or kept (`none`). A negative amount that rounds to zero keeps
 * its sign ("-0"), as Intl.NumberFormat writes a number.
 */
export function formatDecimal(amount: string, places: number, strip: 'zeros' | 'none'): string {
  const { negative, units } = rounded(amount, places);
  const text = decimalText(units, places, strip);
  return negative ? `-${text}` : text;
}

/** A sign only when the rounded amount is not zero: never "-$0". */
const dollars = ({ negative, units }: { negative: boolean; units: bigint }, text: string) =>
  negative && units !== 0n ? `-$${text}` : `$${text}`;

/** "$1,234.50", "$1,234", "-$3.05": cents (both digits) only when there are any; not money is "$0". */
export function formatMoney(amount: string): string {
  if (!isMoney(amount)) return '$0';
  const cents = rounded(amount, 2);
  return dollars(cents, decimalText(cents.units, 2, 'if-whole'));
}

/** "$48,210", "-$3": rounded to whole dollars (half away from zero); not money is "$0". */
export function formatWholeDollars(amount: string): string {
  if (!isMoney(amount)) return '$0';
  const whole = rounded(amount, 0);
  return dollars(whole, decimalText(whole.units, 0, 'zeros'));
}

// Prison economies run past trillions: Intl's compact notation stops at T. Each unit is a power of
// ten, so dividing by it is moving the decimal point.
const UNITS: readonly (readonly [number, string])[] = [
  [18, 'Qi'],
  [15, 'Q'],
  [12, 'T'],
  [9, 'B'],
  [6, 'M'],
];

/**
 * "$3.01Q", "$12.5B", "-$4.2M": a sum of a million or more in the largest unit it reaches. Smaller
 * sums, and anything that is not money, are written by `below`: whole dollars unless the caller
 * passes its own format (the web app shows cents).
 */
export function formatMoneyCompact(
  amount: string,
  below: (amount: string) => string = formatWholeDollars,
): string {
  if (!isMoney(amount)) return below(amount);
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const digits = whole.replace(/^0+(?=[0-9])/, '');
  const index = UNITS.findIndex(([power]) => digits.length > power);
  if (index === -1) return below(amount);
  const inUnit = ([power, name]: readonly [number, string]) => {
    const padded = digits.padStart(power + 1, '0');
    const point = padded.length - power;
    return `${decimalText(rounded(`${padded.slice(0, point)}.${padded.slice(point)}${fraction}`, 2).units, 2, 'zeros')}${name}`;
  };
  let text = inUnit(UNITS[index]!);
  // Rounded up to a thousand of its unit ($999.999M): one of the next unit ($1B).
  if (text.startsWith('1,000') && index > 0) text = inUnit(UNITS[index - 1]!);
  return `${negative ? '-' : ''}$${text}`;
}

/** Exact money text ("-1234.5") in whole cents; a third decimal and beyond are dropped. */
export function toCents(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
}

/** Whole cents as money text with two decimals: 123450n -> "1234.50". */
export function fromCents(cents: bigint): string {
  const size = cents < 0n ? -cents : cents;
  const text = `${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
  return cents < 0n ? `-${text}` : text;
}

/** Negative, zero or positive as `a` is below, equal to or above `b`, exactly. */
export function compareMoney(a: string, b: string): number {
  const difference = toCents(a) - toCents(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** `count` units at `price` each, exactly. */
export const timesMoney = (price: string, count: number): string => fromCents(toCents(price) * BigInt(count));

/** The sum of the amounts, exactly. */
export const sumMoney = (amounts: readonly string[]): string =>
  fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0n));

/** `total` shared by `count`, to the nearest cent (halves away from zero); null when count is 0. */
export function divideMoney(total: string, count: number): string | null {
  if (count <= 0) return null;
  const cents = toCents(total);
  const n = BigInt(count);
  const rounded = (2n * (cents < 0n ? -cents : cents) + n) / (2n * n);
  return fromCents(cents < 0n ? -rounded : rounded);
}
