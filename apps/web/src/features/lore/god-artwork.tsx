import { useLingui } from '@lingui/react/macro';
import type { God, GodArtwork as GodArtworkKey } from '@prison/shared/lore';
import { type ReactNode, useId } from 'react';

// Original emblem art for the three gods, drawn on a 240 x 240 grid around the centre (120, 120).
// Colours come from each god's accent so the catalogue stays the single source of truth.

const C = 120;
const round = (n: number) => Math.round(n * 100) / 100;
function polar(radius: number, degrees: number): [number, number] {
  const rad = ((degrees - 90) * Math.PI) / 180;
  return [round(C + radius * Math.cos(rad)), round(C + radius * Math.sin(rad))];
}
const pt = ([x, y]: [number, number]) => `${x},${y}`;
/** A paint of the drawing's own gradient (or filter) `id`. */
const paint = (id: string) => `url(#${id})`;
const range = (count: number) => Array.from({ length: count }, (_, i) => i);

interface ArtProps {
  accent: God['accent'];
  ids: (name: string) => string;
}

function Halo({ accent, ids }: ArtProps) {
  return (
    <>
      <defs>
        <radialGradient id={ids('halo')}>
          <stop offset="0" stopColor={accent.from} stopOpacity="0.45" />
          <stop offset="0.55" stopColor={accent.to} stopOpacity="0.18" />
          <stop offset="1" stopColor={accent.to} stopOpacity="0" />
        </radialGradient>
        <linearGradient id={ids('metal')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={accent.from} />
          <stop offset="1" stopColor={accent.to} />
        </linearGradient>
        <filter id={ids('glow')} x="-50%" y="-50%" width="200%" height="200%">
          <feGaussianBlur stdDeviation="4" />
        </filter>
      </defs>
      <circle cx={C} cy={C} r="118" fill={paint(ids('halo'))} />
    </>
  );
}

/** Aurion: a sun-coin whose face is a vault door. */
function EternalVault({ accent, ids }: ArtProps) {
  const metal = paint(ids('metal'));
  return (
    <>
      <Halo accent={accent} ids={ids} />
      <g fill={metal}>
        {range(24).map((i) => {
          const angle = i * 15;
          const outer = i % 2 === 0 ? 112 : 94;
          const spread = i % 2 === 0 ? 4.2 : 3;
          return (
            <polygon
              key={i}
              opacity={i % 2 === 0 ? 0.95 : 0.6}
              points={[polar(outer, angle), polar(74, angle - spread), polar(74, angle + spread)]
                .map(pt)
                .join(' ')}
            />
          );
        })}
      </g>
      <circle cx={C} cy={C} r="76" fill={metal} />
      <circle cx={C} cy={C} r="68" fill="#1a1305" />
      <circle cx={C} cy={C} r="68" fill="none" stroke={accent.from} strokeOpacity="0.35" strokeWidth="1.5" />
      {range(12).map((i) => {
        const [x, y] = polar(60, i * 30 + 15);
        return <circle key={i} cx={x} cy={y} r="3.2" fill={metal} />;
      })}
      <circle cx={C} cy={C} r="50" fill={metal} opacity="0.18" />
      <circle cx={C} cy={C} r="50" fill="none" stroke={metal} strokeWidth="3" />
      <circle
        cx={C}
        cy={C}
        r="42"
        fill="none"
        stroke={accent.from}
        strokeOpacity="0.4"
        strokeDasharray="2 5"
      />
      <g stroke={metal} strokeWidth="5" strokeLinecap="round">
        {range(6).map((i) => {
          const [x1, y1] = polar(11, i * 60);
          const [x2, y2] = polar(33, i * 60);
          return <line key={i} x1={x1} y1={y1} x2={x2} y2={y2} />;
        })}
      </g>
      {range(6).map((i) => {
        const [x, y] = polar(35, i * 60);
        return <circle key={i} cx={x} cy={y} r="5.5" fill={metal} />;
      })}
      <circle cx={C} cy={C} r="12" fill={metal} />
      <circle cx={C} cy={C} r="5" fill="#1a1305" />
    </>
  );
}

/** Chronos: an hourglass of blood-red sand with the first blade driven down through it. */
function HourglassBlade({ accent, ids }: ArtProps) {
  const metal = paint(ids('metal'));
  const steel = paint(ids('steel'));
  return (
    <>
      <Halo accent={accent} ids={ids} />
      <defs>
        <linearGradient id={ids('steel')} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#f8fafc" />
          <stop offset="0.5" stopColor="#cbd5e1" />
          <stop offset="0.5" stopColor="#8391a7" />
          <stop offset="1" stopColor="#556178" />
        </linearGradient>
      </defs>
      <circle cx={C} cy={C} r="100" fill="none" stroke={accent.from} strokeOpacity="0.3" strokeWidth="1.5" />
      {range(60).map((i) => {
        // Some hour marks are missing: this clock is older than its own numbering.
        if ([7, 8, 23, 38, 39, 52].includes(i)) return null;
        const major = i % 5 === 0;
        const [x1, y1] = polar(major ? 86 : 92, i * 6);
        const [x2, y2] = polar(100, i * 6);
        return (
          <line
            key={i}
            x1={x1}
            y1={y1}
            x2={x2}
            y2={y2}
            stroke={accent.from}
            strokeOpacity={major ? 0.85 : 0.35}
            strokeWidth={major ? 3 : 1.5}
            strokeLinecap="round"
          />
        );
      })}
      {/* The blade, point down, behind the glass: hilt above the hourglass, point below it. */}
      <path d="M109 48 H131 V196 L120 228 L109 196 Z" fill={steel} />
      <path d="M120 48 H131 V196 L120 228 Z" fill={accent.to} opacity="0.35" />
      <path d="M74 44 Q120 34 166 44 L162 54 Q120 46 78 54 Z" fill={metal} />
      <rect x="114" y="14" width="12" height="30" rx="3" fill="#2a0a12" stroke={metal} strokeWidth="2" />
      <path
        d="M114 22 H126 M114 30 H126 M114 38 H126"
        stroke={accent.from}
        strokeOpacity="0.6"
        strokeWidth="1.5"
      />
      <circle cx={C} cy="12" r="7" fill={metal} />
      <path
        d="M88 70 C88 104 112 110 112 122 C112 134 88 140 88 174 L152 174 C152 140 128 134 128 122 C128 110 152 104 152 70 Z"
        fill="#12060a"
        fillOpacity="0.88"
        stroke={accent.from}
        strokeOpacity="0.7"
        strokeWidth="2"
      />
      <path d="M95 86 L145 86 C143 102 126 110 120 118 C114 110 97 102 95 86 Z" fill={metal} />
      <line x1={C} y1="118" x2={C} y2="160" stroke={accent.from} strokeWidth="2" strokeDasharray="3 4" />
      <path d="M94 174 C102 156 138 156 146 174 Z" fill={metal} />
      <rect x="74" y="58" width="92" height="12" rx="4" fill={metal} />
      <rect x="74" y="174" width="92" height="12" rx="4" fill={metal} />
      <rect x="78" y="70" width="5" height="104" rx="2" fill={metal} opacity="0.8" />
      <rect x="157" y="70" width="5" height="104" rx="2" fill={metal} opacity="0.8" />
      <path
        d="M98 76 C96 88 100 98 108 106"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.3"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </>
  );
}

/** Laphris: a standing stone cut as a shield, its protection rune glowing with arcane light. */
function RuneStone({ accent, ids }: ArtProps) {
  const glow = paint(ids('glow'));
  const shield = 'M120 34 L180 58 L174 148 C170 178 148 198 120 212 C92 198 70 178 66 148 L60 58 Z';
  const runes = [
    'M0 -7 V7 M0 -7 L5 -2 L0 3',
    'M-5 -7 L5 7 M5 -7 L-5 7',
    'M0 -7 V7 M-5 -3 H5',
    'M-4 -7 L4 0 L-4 7',
  ];
  return (
    <>
      <Halo accent={accent} ids={ids} />
      <defs>
        <linearGradient id={ids('stone')} x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor="#5b6474" />
          <stop offset="0.55" stopColor="#343b49" />
          <stop offset="1" stopColor="#1b202b" />
        </linearGradient>
      </defs>
      <circle
        cx={C}
        cy={C}
        r="104"
        fill="none"
        stroke={accent.from}
        strokeOpacity="0.45"
        strokeDasharray="1 7"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx={C} cy={C} r="92" fill="none" stroke={accent.from} strokeOpacity="0.25" strokeWidth="1.5" />
      {range(8).map((i) => {
        const [x, y] = polar(98, i * 45 + 22.5);
        const placed = `translate(${x} ${y}) rotate(${i * 45 + 22.5})`;
        return (
          <path
            key={i}
            d={runes[i % runes.length]}
            transform={placed}
            fill="none"
            stroke={accent.from}
            strokeOpacity="0.75"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        );
      })}
      <path d={shield} fill="#000" opacity="0.35" transform="translate(0 6)" />
      <path d={shield} fill={paint(ids('stone'))} stroke={accent.from} strokeOpacity="0.35" strokeWidth="2" />
      <path
        d="M120 34 L120 212 M60 58 L96 92 M180 58 L146 96 M66 148 L92 132 M174 148 L150 136"
        stroke="#0d1017"
        strokeOpacity="0.5"
        strokeWidth="1.5"
        fill="none"
      />
      <path
        d="M78 64 L120 47 L128 50"
        stroke="#fff"
        strokeOpacity="0.18"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <g fill="none" strokeLinecap="round" strokeLinejoin="round">
        <path
          d="M120 80 V176 M120 112 L90 80 M120 112 L150 80"
          stroke={accent.from}
          strokeWidth="12"
          filter={glow}
          opacity="0.9"
        />
        <path d="M120 80 V176 M120 112 L90 80 M120 112 L150 80" stroke={accent.from} strokeWidth="6" />
        <path
          d="M120 80 V176 M120 112 L90 80 M120 112 L150 80"
          stroke="#fff"
          strokeOpacity="0.7"
          strokeWidth="2"
        />
        <path d="M104 152 L120 140 L136 152 L120 164 Z" stroke={accent.from} strokeWidth="3" />
      </g>
    </>
  );
}

const ARTWORK: Record<GodArtworkKey, (props: ArtProps) => ReactNode> = {
  'eternal-vault': EternalVault,
  'hourglass-blade': HourglassBlade,
  'rune-stone': RuneStone,
};

export function GodArtwork({ god, className }: { god: God; className?: string }) {
  const base = useId();
  // Gradient and filter ids must be unique per drawing, or two emblems on a page would share the first one's colours.
  const ids = (name: string) => `${base}-${name}`;
  const Art = ARTWORK[god.artwork];
  const { t } = useLingui();
  const name = god.name;
  return (
    <svg viewBox="0 0 240 240" className={className} role="img" aria-label={t`Emblem of ${name}`}>
      <Art accent={god.accent} ids={ids} />
    </svg>
  );
}
