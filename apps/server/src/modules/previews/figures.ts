// Figures as link previews write them in each language (docs/translations.md, Numbers and dates):
// English by hand, exactly as the site writes it (card-style.ts, @prison/shared/money-format); any
// other language with Intl, its formatters made once each when first needed. Money is in dollars
// in every language, compact from a million as in English ("2,5 Mrd. $", "2,5 млрд $").
import { type Language, SOURCE_LANGUAGE } from '@prison/shared/languages';
import { formatMoneyCompact } from '@prison/shared/money-format';
import { formatWhole } from './card-style.ts';

export interface Figures {
  /** A count, rounded to a whole number and grouped: "12,345", "12.345", "12 345". */
  whole(value: number): string;
  /** Exact money text ("2500000000.50") in dollars: whole below a million, compact from there. */
  money(amount: string): string;
}

const ENGLISH: Figures = { whole: formatWhole, money: (amount) => formatMoneyCompact(amount) };

const MONEY = /^-?[0-9]+(?:\.[0-9]+)?$/;

function intlFigures(language: Language): Figures {
  const whole = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const dollars = {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 0,
    // Never "-0 $".
    signDisplay: 'negative',
  } as const;
  const wholeDollars = new Intl.NumberFormat(language, { ...dollars, maximumFractionDigits: 0 });
  const compactDollars = new Intl.NumberFormat(language, {
    ...dollars,
    notation: 'compact',
    maximumFractionDigits: 2,
  });
  return {
    whole: (value) => whole.format(Math.round(value)),
    money(amount) {
      if (!MONEY.test(amount)) return wholeDollars.format(0);
      // Decimal text is formatted as the exact number it writes, not as a double.
      const exact = amount as Intl.StringNumericLiteral;
      const digits = amount.replace(/^-/, '').split('.')[0]!.replace(/^0+/, '');
      return digits.length > 6 ? compactDollars.format(exact) : wholeDollars.format(exact);
    },
  };
}

const made = new Map<Language, Figures>();

/** How figures are written in `language`. */
export function figures(language: Language): Figures {
  if (language === SOURCE_LANGUAGE) return ENGLISH;
  let found = made.get(language);
  if (!found) {
    found = intlFigures(language);
    made.set(language, found);
  }
  return found;
}
