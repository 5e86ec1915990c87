import { GKITS } from '@prison/shared/gkits';
import type { ReactNode } from 'react';

// Hand-drawn, decorative G-Kit illustrations: one chunky, flat, pixel-leaning picture per kit on a
// 96x96 canvas, over a faint octagon badge in the kit's accent. Outlines use a slate mid-tone and fills
// stay off pure black and white, so each picture reads on both light and dark cards.

const OUTLINE = '#475569';
const NEUTRAL_ACCENT = '#78716c';

const WOOD = '#b45309';
const WOOD_DARK = '#92400e';
const IRON = '#cbd5e1';
const IRON_DARK = '#94a3b8';
const GOLD = '#facc15';
const GOLD_DARK = '#ca8a04';

const ART: Record<string, () => ReactNode> = {
  // A pickaxe swung across a lit torch.
  miner: () => (
    <>
      <circle cx="66" cy="32" r="18" fill="#fbbf24" fillOpacity=".35" stroke="none" />
      <rect x="62" y="42" width="8" height="42" fill={WOOD} />
      <path d="M60 22h12v20H60z" fill="#f97316" />
      <path d="M64 28h4v12h-4z" fill="#fde047" stroke="none" />
      <g transform="rotate(-40 40 52)">
        <rect x="36" y="30" width="8" height="56" fill={WOOD} />
        <path d="M40 32v52" stroke={WOOD_DARK} strokeWidth="2" />
        <path d="M10 42l12-12 18-4 18 4 12 12-8 4-10-8H30l-10 8z" fill={IRON_DARK} />
        <path d="M22 32l18-3 18 3-4 4H28z" fill={IRON} stroke="none" />
      </g>
    </>
  ),
  // A shovel leaning on a TNT block with a lit fuse.
  excavator: () => (
    <>
      <path d="M64 42q0-12 8-14" fill="none" stroke={WOOD_DARK} />
      <path d="M74 20l5 5-5 5-5-5z" fill="#fde047" stroke="#f97316" strokeWidth="2" />
      <rect x="42" y="42" width="42" height="40" fill="#dc2626" />
      <rect x="42" y="54" width="42" height="16" fill="#e2e8f0" />
      <path d="M56 42v12m14-12v12M56 70v12m14-12v12" stroke="#991b1b" />
      <g transform="rotate(20 30 80)">
        <rect x="26" y="14" width="8" height="46" fill={WOOD} />
        <rect x="22" y="10" width="16" height="6" fill={WOOD_DARK} />
        <path d="M18 58h24v16l-12 12-12-12z" fill={IRON_DARK} />
        <path d="M22 62h8v12l-4 4-4-4z" fill={IRON} stroke="none" />
      </g>
    </>
  ),
  // A round-bottomed potion flask with bubbles rising from it.
  alchemist: () => (
    <>
      <circle cx="48" cy="60" r="24" fill="#e9d5ff" />
      <path d="M26 62h44a22 22 0 0 1-44 0z" fill="#a855f7" stroke="none" />
      <circle cx="48" cy="60" r="24" fill="none" />
      <rect x="40" y="26" width="16" height="14" fill="#e9d5ff" />
      <rect x="38" y="16" width="20" height="10" fill={WOOD} />
      <rect x="34" y="66" width="6" height="6" fill="#e9d5ff" stroke="none" />
      <circle cx="70" cy="22" r="5" fill="#d8b4fe" />
      <circle cx="78" cy="36" r="3" fill="#d8b4fe" />
      <circle cx="24" cy="28" r="4" fill="#d8b4fe" />
      <circle cx="56" cy="74" r="3" fill="#e9d5ff" stroke="none" />
    </>
  ),
  // A sword crossed behind a heater shield.
  warden: () => (
    <>
      <g transform="rotate(45 44 50)">
        <path d="M40 4h8v56h-8z" fill={IRON} />
        <path d="M44 8v50" stroke={IRON_DARK} strokeWidth="2" />
        <rect x="30" y="60" width="28" height="8" fill={GOLD_DARK} />
        <rect x="40" y="68" width="8" height="14" fill={WOOD} />
        <rect x="38" y="82" width="12" height="8" fill={GOLD_DARK} />
      </g>
      <path d="M36 30h40v24q0 20-20 30-20-10-20-30z" fill="#dc2626" />
      <path d="M56 30v54M36 50h40" stroke="#fecaca" strokeWidth="6" />
      <path d="M36 30h40v24q0 20-20 30-20-10-20-30z" fill="none" />
    </>
  ),
  // A stack of gold coins beside an emerald.
  tycoon: () => (
    <>
      <path d="M14 74v8c0 4 10 6 16 6s16-2 16-6v-8z" fill={GOLD_DARK} />
      <ellipse cx="30" cy="74" rx="16" ry="6" fill={GOLD} />
      <path d="M18 62v8c0 4 10 6 16 6s16-2 16-6v-8z" fill={GOLD_DARK} />
      <ellipse cx="34" cy="62" rx="16" ry="6" fill={GOLD} />
      <path d="M14 50v8c0 4 10 6 16 6s16-2 16-6v-8z" fill={GOLD_DARK} />
      <ellipse cx="30" cy="50" rx="16" ry="6" fill={GOLD} />
      <path d="M16 38v8c0 4 10 6 16 6s16-2 16-6v-8z" fill={GOLD_DARK} />
      <ellipse cx="32" cy="38" rx="16" ry="6" fill={GOLD} />
      <path d="M62 24h16l10 14-18 42-18-42z" fill="#10b981" />
      <path d="M52 38h36M62 24l-4 14 12 42 8-42-4-14" fill="none" stroke="#047857" strokeWidth="2" />
      <path d="M64 28h6l-4 8h-6z" fill="#a7f3d0" stroke="none" />
    </>
  ),
  // A jewelled crown glowing above a snapped chain.
  ascendant: () => (
    <>
      <circle cx="48" cy="34" r="22" fill="#67e8f9" fillOpacity=".3" stroke="none" />
      <path d="M26 44l-4-24 14 10 12-16 12 16 14-10-4 24z" fill={GOLD} />
      <rect x="26" y="44" width="44" height="8" fill={GOLD_DARK} />
      <rect x="44" y="30" width="8" height="8" fill="#22d3ee" />
      <path d="M16 14v8m-4-4h8M80 14v8m-4-4h8" stroke="#22d3ee" />
      <g fill="none" stroke={IRON_DARK} strokeWidth="6">
        <rect x="14" y="64" width="22" height="14" rx="7" />
        <path d="M40 65h4m0 12h-4" />
        <path d="M56 65h-4m0 12h4" />
        <rect x="60" y="64" width="22" height="14" rx="7" />
      </g>
      <path d="M46 62l4 4m0 12l-4 4" stroke="#22d3ee" />
    </>
  ),
};

// Fallback for an id the catalogue does not know: a plain wooden chest.
function Chest() {
  return (
    <>
      <rect x="18" y="30" width="60" height="20" fill={WOOD} />
      <rect x="18" y="50" width="60" height="30" fill={WOOD_DARK} />
      <path d="M18 50h60" />
      <rect x="42" y="44" width="12" height="14" fill={IRON} />
    </>
  );
}

export function GKitArt({ kitId, className }: { kitId: string; className?: string }) {
  const draw = ART[kitId];
  const accent = (draw && GKITS.find((kit) => kit.id === kitId)?.accent) || NEUTRAL_ACCENT;
  return (
    <svg
      viewBox="0 0 96 96"
      className={className}
      aria-hidden="true"
      focusable="false"
      stroke={OUTLINE}
      strokeWidth="3"
      strokeLinejoin="round"
    >
      <path
        d="M28 4h40l24 24v40L68 92H28L4 68V28z"
        fill={accent}
        fillOpacity=".14"
        stroke={accent}
        strokeOpacity=".45"
      />
      {draw ? draw() : <Chest />}
    </svg>
  );
}
