// Money on the wire (DESIGN.md section 8): every balance, price, treasury and total the site answers
// is an exact decimal string such as "4000000000000007.35", never a JSON number, which a double
// would round (4000000000000007.35 would arrive as 4000000000000007.5). The database keeps
// numeric(40,2) and the site sends its text as it is, so amounts always carry two decimals
// ("100.00"); the schema also takes one decimal or none. Pages format the string as it is
// (money-format.ts), never through a float. What the game server sends (bridge.ts) is read the
// same exact way but may still be a JSON number.
import { z } from 'zod';

const MONEY = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]{1,2})?$/;
const EXACT = 'an exact decimal amount as a string, such as "1234.50"';

/** An exact amount of money: an optional minus, the digits, then at most two decimals. */
export const moneySchema = z
  .string()
  .regex(MONEY, 'must be an exact decimal amount such as "1234.50"')
  .describe(`Money: ${EXACT}`);
export type Money = z.infer<typeof moneySchema>;

/** The same, described for one field: "Unit price: an exact decimal amount as a string, ...". */
export const describedMoney = (what: string) => moneySchema.describe(`${what}: ${EXACT}`);
