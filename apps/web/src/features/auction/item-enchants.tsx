import { useLingui } from '@lingui/react/macro';
import { enchantLabel, type ItemEnchant } from '@prison/shared/enchant-levels';
import { clsx } from 'clsx';

/** A listed item's enchantments as the game writes them in its lore ("Efficiency V"), in lore's violet. */
export function ItemEnchants({
  enchants,
  className = '',
}: {
  enchants: readonly ItemEnchant[];
  className?: string;
}) {
  const { t } = useLingui();
  if (enchants.length === 0) return null;
  return (
    <ul
      aria-label={t`Enchantments`}
      className={clsx(
        'flex flex-wrap gap-x-2.5 gap-y-0.5 text-xs font-medium text-violet-700 dark:text-violet-300',
        className,
      )}
    >
      {enchants.map((enchant) => (
        <li key={enchant.key}>{enchantLabel(enchant)}</li>
      ))}
    </ul>
  );
}
