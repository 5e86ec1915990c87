import { Trans, useLingui } from '@lingui/react/macro';
import { GODS } from '@prison/shared/lore';
import type { CSSProperties } from 'react';
import { SectionHeading } from '../../components/ui/section-heading.tsx';
import { GodArtwork } from './god-artwork.tsx';
import { GOD_TEXT } from './god-text.ts';

/** Spec 1: the lore section with the three gods. */
export function LoreSection() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="lore-title" className="relative py-14 sm:py-20">
      <div aria-hidden className="pointer-events-none absolute inset-0 overflow-hidden">
        <div className="absolute inset-0 bg-[radial-gradient(60rem_24rem_at_50%_60%,rgb(139_92_246/0.09),transparent_70%)]" />
      </div>
      <div className="relative container-page">
        <SectionHeading
          id="lore-title"
          eyebrow={t`Lore`}
          title={t`The three gods of the yard`}
          align="center"
        >
          <Trans>
            Every prisoner answers to something. Three old powers watch over the mines, the cells and the
            fights between them. Choose who you pray to.
          </Trans>
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {GODS.map((god) => (
            <li
              key={god.id}
              // The accent pair feeds the tagline colour and the card's glow in both themes.
              style={{ '--god-from': god.accent.from, '--god-to': god.accent.to } as CSSProperties}
              className="group flex flex-col overflow-hidden rounded-3xl border border-line bg-surface shadow-card transition duration-300 motion-safe:hover:-translate-y-1 hover:border-[color-mix(in_oklab,var(--god-to)_45%,transparent)]"
            >
              <div className="relative flex aspect-[4/3] items-center justify-center overflow-hidden bg-[#0a0d16]">
                <div
                  aria-hidden
                  className="absolute inset-0 bg-[radial-gradient(circle_at_50%_45%,color-mix(in_oklab,var(--god-to)_38%,transparent),transparent_65%)]"
                />
                <div
                  aria-hidden
                  className="absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-black/40 to-transparent"
                />
                <GodArtwork
                  god={god}
                  className="relative size-[72%] drop-shadow-[0_12px_30px_rgb(0_0_0/0.55)] transition-transform duration-500 motion-safe:group-hover:scale-105"
                />
              </div>
              <div className="flex flex-1 flex-col p-6">
                <h3 className="font-display text-2xl font-bold tracking-tight text-fg">{god.name}</h3>
                <p className="mt-1 text-sm font-semibold text-[var(--god-to)] dark:text-[var(--god-from)]">
                  {t(GOD_TEXT[god.id].tagline)}
                </p>
                <p className="mt-3 text-[15px] leading-relaxed text-fg-muted">
                  {t(GOD_TEXT[god.id].description)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
