import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { Flag, Flame, Skull } from 'lucide-react';
import { cardClass } from '../../components/ui/card.tsx';
import { SectionHeading } from '../../components/ui/section-heading.tsx';

// Spec 2.3: the three-step roadmap of a season.
const STEPS = [
  {
    key: 'launch',
    title: msg`Launch Week`,
    when: msg`Days 1–7`,
    icon: Flag,
    text: msg`The gates open and every prisoner starts in the same cell. Mine your first blocks, link your profile and race the server to the first rank-ups while the economy is still wide open.`,
    tint: 'from-sky-400 to-cyan-500',
  },
  {
    key: 'mid-season',
    title: msg`Mid-Season Surge`,
    when: msg`Around day 45`,
    icon: Flame,
    text: msg`The mid-season refresh lands: new and reworked enchants in the laboratory, fresh quests and a shaken-up market. Gangs regroup, treasuries swell and the leaderboard turns over.`,
    tint: 'from-amber-300 to-orange-500',
  },
  {
    key: 'finale',
    title: msg`Finale & Reckoning`,
    when: msg`Days 80–90`,
    icon: Skull,
    text: msg`The final push. Last prestige climbs, gangs fight for the top spots, and then the reckoning: standings are sealed, champions are remembered and the next season begins.`,
    tint: 'from-rose-400 to-fuchsia-600',
  },
] as const;

export function Roadmap() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="roadmap-title" className="container-page py-12 sm:py-16">
      <SectionHeading id="roadmap-title" eyebrow={t`Roadmap`} title={t`How a season unfolds`}>
        <Trans>
          Ninety days, three acts. Know when to grind, when to spend and when to go for the throat.
        </Trans>
      </SectionHeading>
      <div className="relative mt-12">
        <div
          aria-hidden
          className="absolute top-7 right-[16%] left-[16%] hidden h-px bg-gradient-to-r from-sky-400/50 via-amber-400/50 to-rose-400/50 md:block"
        />
        <ol className="relative grid gap-6 md:grid-cols-3">
          {STEPS.map(({ key, title, when, icon: Icon, text, tint }, index) => (
            <li key={key} className="relative flex flex-col items-start md:items-center md:text-center">
              <span
                className={clsx(
                  'relative flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br',
                  tint,
                  'text-white shadow-lg ring-4 ring-canvas',
                )}
              >
                <Icon aria-hidden className="size-6" />
              </span>
              <div className={cardClass('mt-5 w-full p-6')}>
                <p className="text-xs font-semibold tracking-[0.14em] text-fg-muted uppercase">
                  <StepLabel step={index + 1} when={t(when)} />
                </p>
                <h3 className="mt-2 font-display text-xl font-bold text-fg">{t(title)}</h3>
                <p className="mt-2 text-[15px] leading-relaxed text-fg-muted">{t(text)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** "Step 1 · Days 1–7": the step's number and when in the season it falls. */
function StepLabel({ step, when }: { step: number; when: string }) {
  return (
    <Trans comment="Roadmap: the step's number, then when in the season it falls (Days 1–7)">
      Step {step} · {when}
    </Trans>
  );
}
