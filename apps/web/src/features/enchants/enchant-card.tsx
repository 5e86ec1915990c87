import { Trans, useLingui } from '@lingui/react/macro';
import { type Enchant, type EnchantStatus, enchantSystem, romanLevel } from '@prison/shared/enchants';
import { clsx } from 'clsx';
import { Link2, Lock, Target, Zap } from 'lucide-react';
import { memo, type ReactNode, useId } from 'react';
import { cardClass } from '../../components/ui/card.tsx';
import { formatWhole } from '../../lib/money.ts';
import { EnchantIcon } from './enchant-icon.tsx';
import { GEAR_LABEL, RARITY_LABEL, STATUS_LABEL } from './enchant-labels.ts';
import { enchantText } from './enchant-text.ts';
import { RARITY_TONE, STATUS_ICON, STATUS_TONE } from './enchant-tones.ts';

const chip =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

// Catalogue entries never change, so a card only renders again when it leaves and re-enters the list.
export const EnchantCard = memo(function EnchantCard({ enchant }: { enchant: Enchant }) {
  const { t } = useLingui();
  const titleId = useId();
  const text = enchantText(enchant);
  const recommendedFor = text && t(text.recommendedFor);
  const cost = formatWhole(enchant.energyCost);
  const system = enchantSystem(enchant.system);
  return (
    <article
      aria-labelledby={titleId}
      className={cardClass(
        'group relative flex h-full flex-col overflow-hidden transition duration-200 hover:border-line-strong',
      )}
    >
      {/* The system's accent runs along the top edge and tints the icon tile. */}
      <span aria-hidden className="absolute inset-x-0 top-0 h-1" style={{ backgroundColor: system.accent }} />
      <div className="flex items-start gap-4 p-5 pb-0">
        <span
          className="flex size-14 shrink-0 items-center justify-center rounded-xl ring-1 ring-inset"
          style={{
            backgroundColor: `color-mix(in srgb, ${system.accent} 14%, transparent)`,
            ['--tw-ring-color' as string]: `color-mix(in srgb, ${system.accent} 35%, transparent)`,
          }}
        >
          <EnchantIcon icon={enchant.icon} accent={system.accent} className="size-9" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 id={titleId} className="font-display text-lg leading-snug font-bold text-fg">
              {enchant.name}
            </h3>
            {enchant.status && <StatusBadge status={enchant.status} />}
          </div>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-fg-muted">
            <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: system.accent }} />
            {system.name}
          </p>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-1.5 px-5 pt-4">
        <span className={clsx(chip, RARITY_TONE[enchant.rarity].pill)}>
          {t(RARITY_LABEL[enchant.rarity])}
        </span>
        {enchant.applicableTo.map((gear) => (
          <span key={gear} className={clsx(chip, 'bg-fg/[0.04] text-fg-muted ring-line')}>
            {t(GEAR_LABEL[gear])}
          </span>
        ))}
      </div>

      <p className="px-5 pt-3 text-[15px] leading-relaxed text-pretty text-fg">
        {text && t(text.description)}
      </p>

      <dl className="mx-5 mt-4 grid grid-cols-3 divide-x divide-line rounded-xl border border-line bg-surface-sunken/60 text-center dark:bg-white/[0.02]">
        <div className="px-2 py-2.5">
          <dt className="text-[11px] font-semibold tracking-wide text-fg-muted uppercase">
            <Trans>Max level</Trans>
          </dt>
          <dd className="mt-0.5 font-display text-base font-bold text-fg">{romanLevel(enchant.maxLevel)}</dd>
        </div>
        <div className="col-span-2 px-2 py-2.5">
          <dt className="text-[11px] font-semibold tracking-wide text-fg-muted uppercase">
            <Trans comment="Enchant card: the energy an enchant costs">Energy</Trans>
          </dt>
          <dd className="mt-0.5 flex items-center justify-center gap-1 text-sm font-semibold text-fg tabular-nums">
            <Zap aria-hidden className="size-3.5 shrink-0 text-accent" />
            {enchant.energyFlat
              ? t({ message: `${cost} flat`, comment: "Enchant card: an enchant's energy, paid once" })
              : t({
                  message: `${cost} per level`,
                  comment: "Enchant card: an enchant's energy, for each level",
                })}
          </dd>
        </div>
      </dl>

      <dl className="flex flex-1 flex-col gap-2.5 px-5 pt-4 pb-5 text-sm">
        <Detail icon={Target} term={t`Focus`}>
          {text && t(text.focus)}
        </Detail>
        {text?.synergy && (
          <Detail icon={Link2} term={t`Synergy`}>
            {t(text.synergy)}
          </Detail>
        )}
        <Detail icon={Lock} term={t`Requires`}>
          {enchant.requires.length === 0 ? (
            <Trans>Nothing: available from the start</Trans>
          ) : (
            <span className="flex flex-wrap gap-1.5">
              {enchant.requires.map((requirement) => (
                <span key={requirement} className={clsx(chip, 'bg-fg/[0.05] text-fg ring-line-strong')}>
                  {requirement}
                </span>
              ))}
            </span>
          )}
        </Detail>
      </dl>

      <div className="border-t border-line bg-surface-sunken/50 px-5 py-4 text-sm dark:bg-white/[0.015]">
        <p className="text-fg">
          <Trans comment="Enchant card: the players the enchant suits">
            <span className="font-semibold">Best for: </span>
            <span className="text-fg-muted">{recommendedFor}</span>
          </Trans>
        </p>
        <p className="mt-1.5 text-fg-muted">{text && t(text.notes)}</p>
        {enchant.tags && enchant.tags.length > 0 && (
          <ul
            aria-label={t`Tags`}
            className="mt-3 flex flex-wrap gap-x-2.5 gap-y-1 text-xs font-medium text-fg-muted"
          >
            {enchant.tags.map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
});

function Detail({ icon: Icon, term, children }: { icon: typeof Target; term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_1fr] items-start gap-2">
      <dt className="flex items-center gap-1.5 pt-0.5 font-medium text-fg-muted">
        <Icon aria-hidden className="size-3.5 shrink-0" />
        {term}
      </dt>
      <dd className="min-w-0 text-fg">{children}</dd>
    </div>
  );
}

function StatusBadge({ status }: { status: EnchantStatus }) {
  const { t } = useLingui();
  const Icon = STATUS_ICON[status];
  return (
    <span className={clsx(chip, 'mt-0.5 shrink-0', STATUS_TONE[status])}>
      <Icon aria-hidden className="size-3" />
      {t(STATUS_LABEL[status])}
    </span>
  );
}
