import { Fragment } from 'react';

/**
 * A formatted figure that may be long (prison balances reach $1,000,000,000,000,000): long ones get a
 * smaller size (past `longAfter` and `longestAfter` characters), and a narrow box breaks them after a
 * thousands separator, never inside a group.
 */
export function FigureText({
  text,
  short,
  long,
  longest,
  longAfter = 13,
  longestAfter = 17,
}: {
  text: string;
  short: string;
  long: string;
  longest: string;
  longAfter?: number;
  longestAfter?: number;
}) {
  const parts = text.split(',');
  const size = text.length > longestAfter ? longest : text.length > longAfter ? long : short;
  return (
    <span className={size}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              ,<wbr />
            </>
          )}
        </Fragment>
      ))}
    </span>
  );
}
