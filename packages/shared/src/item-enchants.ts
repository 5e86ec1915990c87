// The schema of an item's enchantment (enchant-levels.ts says what a key is), for the bridge's
// listings and deliveries and the auction's answers.
import { z } from 'zod';
import type { ItemEnchant } from './enchant-levels.ts';

export const itemEnchantSchema = z.object({
  key: z
    .string()
    .regex(/^[a-z0-9_-]{1,48}$/, 'enchant keys are 1 to 48 of a-z, 0-9, _ and -, such as super-breaker'),
  level: z.int().min(1).max(1000),
}) satisfies z.ZodType<ItemEnchant>;
