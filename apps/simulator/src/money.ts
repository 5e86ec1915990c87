// Money as the simulated game server keeps it: whole cents in a bigint, exact at any size, so its
// balances and the site's ledger agree to the cent. The simulator sends amounts as JSON numbers; the
// site reads a number's digits exactly as written and rounds them once to cents, halves away from
// zero (docs/plugin-guide.md, The economy), and `centsOf` reads them the same way.
import { readMoney } from '@prison/shared/bridge';

/** An amount, as the site reads it from JSON (a number's shortest digits) or from decimal text, in cents. */
export function centsOf(amount: number | string): bigint {
  const read = readMoney(String(amount));
  if ('problem' in read) throw new Error(`not an amount of money: ${amount} (${read.problem})`);
  const negative = read.value.startsWith('-');
  const [whole, fraction = ''] = read.value.replace('-', '').split('.');
  const cents = BigInt(whole! + fraction.slice(0, 2).padEnd(2, '0'));
  const rounded = fraction.length > 2 && fraction[2]! >= '5' ? cents + 1n : cents;
  return negative ? -rounded : rounded;
}

/** Cents as exact decimal text with two decimals, as the site answers money: "-1234.50". */
export function moneyText(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Cents as a number of dollars, close enough to decide with (never to store). */
export const dollars = (cents: bigint) => Number(cents) / 100;
