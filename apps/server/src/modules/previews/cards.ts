// The layout of the two preview cards (1200x630, the size link previews use), as the element tree
// satori lays out: a page header in miniature (brand, kind of page), the subject (avatar or crest,
// name, badges) and three figure tiles, on the site's dark canvas with its grid and glow. Its words
// and figures are in the language asked for (the server's catalogues, i18n.ts; figures.ts).
import { createHash } from 'node:crypto';
import type { I18n } from '@lingui/core';
import { SITE_NAME } from '@prison/shared/brand';
import { gangColor, isLight, sixDigitHex } from '@prison/shared/gang-colors';
import { type Language, SOURCE_LANGUAGE } from '@prison/shared/languages';
import type { PlayerPage } from '@prison/shared/players';
import type { Gang } from '@prison/shared/social';
import { serverI18n } from '../../i18n.ts';
import { DISPLAY_FONT, TEXT_FONT } from './card-fonts.ts';
import { COLORS, gangStatusBadgeTone, rankTone, type Tone } from './card-style.ts';
import { DEFAULT_HEAD_URI } from './default-head.ts';
import { figures } from './figures.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a player card shows: changing any of it makes a new image. */
export interface PlayerCardData {
  username: string;
  rank: string;
  level: number;
  prestige: number;
  /** Exact decimal text, as the page carries it. */
  balance: string;
  gang: { name: string; color: string | null } | null;
}

/** What a gang card shows. */
export interface GangCardData {
  name: string;
  status: string;
  color: string | null;
  balance: string;
  member_count: number;
  min_level: number;
}

export const playerCardData = (page: PlayerPage): PlayerCardData => ({
  username: page.username,
  rank: page.rank,
  level: page.level,
  prestige: page.prestige,
  balance: page.balance,
  gang: page.gang ? { name: page.gang.name, color: page.gang.color } : null,
});

export const gangCardData = (gang: Gang): GangCardData => ({
  name: gang.name,
  status: gang.status,
  color: gang.color,
  balance: gang.balance,
  member_count: gang.member_count,
  min_level: gang.min_level,
});

// Bump when the cards' drawing changes, so that every card gets a new version and ETag.
const CARD_LAYOUT = 2;

/**
 * A short digest of what a card draws (the avatar and the language aside: the address names the
 * language): the version in a page's og:image address, so a chat app that caches images by address
 * fetches the new card once the player changes.
 */
export function cardVersion(data: PlayerCardData | GangCardData): string {
  return createHash('sha256')
    .update(JSON.stringify([CARD_LAYOUT, data]))
    .digest('base64url')
    .slice(0, 12);
}

type Style = Record<string, string | number>;
export interface CardNode {
  type: string;
  props: { style?: Style; children?: CardChild | CardChild[]; [attribute: string]: unknown };
}
type CardChild = CardNode | string;

const el = (type: string, style: Style, children?: CardChild | CardChild[], attributes = {}): CardNode => ({
  type,
  props: { style, children, ...attributes },
});
const row = (style: Style, children: CardChild[]) => el('div', { display: 'flex', ...style }, children);
const column = (style: Style, children: CardChild[]) =>
  el('div', { display: 'flex', flexDirection: 'column', ...style }, children);
const svgUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

// The site's emblem (apps/web/public/favicon.svg).
const BRAND_MARK = svgUri(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
    '<stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#d97706"/></linearGradient></defs>' +
    '<rect width="64" height="64" rx="14" fill="#0b0f1a"/><path d="M32 7 53 15v16c0 13-9 22-21 27C20 53 11 44 11 31V15Z" fill="url(#g)"/>' +
    '<path d="M32 13 48 19v12c0 10-7 17-16 21-9-4-16-11-16-21V19Z" fill="#0b0f1a"/><g fill="url(#g)">' +
    '<rect x="21" y="21" width="4" height="22" rx="2"/><rect x="39" y="21" width="4" height="22" rx="2"/>' +
    '<path d="M30 18h4v10l-4 3Z"/><path d="M34 34v12l-4-2v-7Z"/></g></svg>',
);

/** lucide's Shield, the crest the social hub draws for a gang: white or dark to read on the gang's colour. */
const shield = (color: string) =>
  svgUri(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="${color}" stroke-width="2" ` +
      'stroke-linecap="round" stroke-linejoin="round"><path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01' +
      'C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"/></svg>',
  );

const fullCard = { position: 'absolute', top: 0, left: 0, width: CARD_WIDTH, height: CARD_HEIGHT } as const;

const GRID = 44;
const gridLines = [
  ...Array.from(
    { length: Math.ceil(CARD_WIDTH / GRID) },
    (_, i) => `M${(i + 1) * GRID - 0.5} 0V${CARD_HEIGHT}`,
  ),
  ...Array.from(
    { length: Math.ceil(CARD_HEIGHT / GRID) },
    (_, i) => `M0 ${(i + 1) * GRID - 0.5}H${CARD_WIDTH}`,
  ),
].join('');

/**
 * What lies behind every card, as behind the site's heroes: the canvas, the faint 44 px grid fading
 * towards the edges, an amber and a violet glow, and the accent bar. Written as SVG rather than
 * laid out by satori, whose gradients resvg draws several times slower than its own.
 */
const BACKDROP = svgUri(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">` +
    '<defs>' +
    '<radialGradient id="fade" cx="600" cy="126" r="760" gradientUnits="userSpaceOnUse" ' +
    'gradientTransform="translate(600 126) scale(1 0.7) translate(-600 -126)">' +
    `<stop offset="0.35" stop-color="${COLORS.canvas}" stop-opacity="0"/><stop offset="1" stop-color="${COLORS.canvas}"/></radialGradient>` +
    '<radialGradient id="amber" cx="96" cy="0" r="560" gradientUnits="userSpaceOnUse">' +
    '<stop offset="0" stop-color="#f59e0b" stop-opacity="0.2"/><stop offset="1" stop-color="#f59e0b" stop-opacity="0"/></radialGradient>' +
    '<radialGradient id="violet" cx="1200" cy="76" r="520" gradientUnits="userSpaceOnUse">' +
    '<stop offset="0" stop-color="#7c3aed" stop-opacity="0.24"/><stop offset="1" stop-color="#7c3aed" stop-opacity="0"/></radialGradient>' +
    '<linearGradient id="bar"><stop offset="0" stop-color="#fde68a"/><stop offset="0.35" stop-color="#fbbf24"/>' +
    '<stop offset="0.7" stop-color="#f97316"/><stop offset="1" stop-color="#f43f5e"/></linearGradient>' +
    '</defs>' +
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLORS.canvas}"/>` +
    `<path d="${gridLines}" stroke="#fff" stroke-opacity="0.07"/>` +
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#fade)"/>` +
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#amber)"/>` +
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#violet)"/>` +
    `<rect y="${CARD_HEIGHT - 10}" width="${CARD_WIDTH}" height="10" fill="url(#bar)"/>` +
    '</svg>',
);

function header(kind: string, tagline: string): CardNode {
  return row({ alignItems: 'center', justifyContent: 'space-between' }, [
    row({ alignItems: 'center', gap: 18 }, [
      el('img', { width: 56, height: 56 }, undefined, { src: BRAND_MARK, width: 56, height: 56 }),
      el('div', { fontFamily: DISPLAY_FONT, fontWeight: 700, fontSize: 34, letterSpacing: -0.5 }, SITE_NAME),
      el('div', { fontSize: 24, color: COLORS.muted, marginLeft: 4 }, tagline),
    ]),
    row(
      {
        alignItems: 'center',
        gap: 12,
        padding: '10px 22px',
        borderRadius: 999,
        border: '1px solid rgba(245,158,11,0.35)',
        backgroundColor: 'rgba(251,191,36,0.1)',
        color: '#fde68a',
        fontSize: 20,
        fontWeight: 600,
        letterSpacing: 2,
        textTransform: 'uppercase',
      },
      [el('div', { width: 10, height: 10, borderRadius: 999, backgroundColor: '#f59e0b' }), kind],
    ),
  ]);
}

function badge(text: string, tone: Tone): CardNode {
  return el(
    'div',
    {
      display: 'flex',
      padding: '8px 16px',
      borderRadius: 10,
      backgroundColor: tone.background,
      border: `2px solid ${tone.ring}`,
      color: tone.text,
      fontSize: 22,
      fontWeight: 600,
      letterSpacing: 2.5,
      textTransform: 'uppercase',
    },
    text,
  );
}

function chip(text: string, color: string): CardNode {
  return row(
    {
      alignItems: 'center',
      gap: 12,
      padding: '8px 16px',
      borderRadius: 10,
      border: `2px solid ${COLORS.lineStrong}`,
      backgroundColor: 'rgba(255,255,255,0.04)',
      color: COLORS.fg,
      fontSize: 22,
      fontWeight: 600,
      maxWidth: 460,
    },
    [
      el('div', { width: 14, height: 14, borderRadius: 4, backgroundColor: color, flexShrink: 0 }),
      el('div', { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }, text),
    ],
  );
}

/**
 * A figure as the card fonts can draw it: Intl groups French digits with a narrow no-break space,
 * which neither family has, so it becomes a no-break space.
 */
const drawable = (figure: string) => figure.replace(/\u202f/g, '\u00a0');

function tile(label: string, value: string, valueColor: string = COLORS.fg): CardNode {
  // Long figures (a compact unit spelled out, "3010 трлн $") step down so as to stay on one line.
  const size = value.length <= 11 ? 50 : value.length <= 14 ? 40 : 32;
  return column(
    {
      flex: 1,
      gap: 6,
      padding: '22px 28px',
      borderRadius: 20,
      border: `1px solid ${COLORS.line}`,
      backgroundColor: 'rgba(13,17,27,0.88)',
    },
    [
      el(
        'div',
        {
          fontSize: 18,
          fontWeight: 600,
          letterSpacing: 2.5,
          textTransform: 'uppercase',
          color: COLORS.muted,
        },
        label,
      ),
      el(
        'div',
        {
          fontFamily: DISPLAY_FONT,
          fontWeight: 700,
          fontSize: size,
          letterSpacing: -1,
          whiteSpace: 'nowrap',
          color: valueColor,
        },
        drawable(value),
      ),
    ],
  );
}

/** The name, as large as fits its length on one line. */
function title(text: string): CardNode {
  const size = text.length <= 10 ? 92 : text.length <= 14 ? 80 : text.length <= 20 ? 64 : 52;
  return el(
    'div',
    {
      fontFamily: DISPLAY_FONT,
      fontWeight: 700,
      fontSize: size,
      letterSpacing: -size / 40,
      lineHeight: 1.05,
      maxWidth: 760,
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
    },
    text,
  );
}

function frame(i18n: I18n, kind: string, subject: CardNode, tiles: CardNode[]): CardNode {
  return column(
    {
      position: 'relative',
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      padding: '52px 64px 62px',
      backgroundColor: COLORS.canvas,
      color: COLORS.fg,
      fontFamily: TEXT_FONT,
      fontWeight: 400,
    },
    [
      el('img', fullCard, undefined, { src: BACKDROP, width: CARD_WIDTH, height: CARD_HEIGHT }),
      // Positioned, so that it paints above the backdrop (as in CSS, positioned boxes paint last).
      column(
        {
          position: 'relative',
          width: CARD_WIDTH - 128,
          height: CARD_HEIGHT - 114,
          justifyContent: 'space-between',
        },
        [
          header(
            kind,
            i18n._('Prison server', undefined, {
              comment: 'Beside the site name at the top of a preview card',
            }),
          ),
          subject,
          row({ gap: 20 }, tiles),
        ],
      ),
    ],
  );
}

const PORTRAIT = 208;

function portrait(content: CardNode, style: Style = {}): CardNode {
  return row(
    {
      width: PORTRAIT + 16,
      height: PORTRAIT + 16,
      padding: 8,
      borderRadius: 32,
      border: `1px solid ${COLORS.lineStrong}`,
      backgroundColor: COLORS.surfaceRaised,
      flexShrink: 0,
      ...style,
    },
    [content],
  );
}

/** A gang's status on its badge: the known ones in the card's language, any other as it is. */
function gangStatusText(i18n: I18n, status: string): string {
  switch (status) {
    case 'Open':
      return i18n._('Open', undefined, { comment: "A gang's status, on its preview card's badge" });
    case 'InviteOnly':
      return i18n._('Invite only', undefined, { comment: "A gang's status, on its preview card's badge" });
    case 'Closed':
      return i18n._('Closed', undefined, { comment: "A gang's status, on its preview card's badge" });
    default:
      return status;
  }
}

/**
 * `avatar` is the player's head as PNG bytes; null draws the default head. The card's words and
 * figures are in `language`, its words as `i18n` has them (the server's catalogue of the language
 * unless a test hands its own).
 */
export function playerCard(
  player: PlayerCardData,
  avatar: Uint8Array | null,
  language: Language = SOURCE_LANGUAGE,
  i18n: I18n = serverI18n(language),
): CardNode {
  const { whole, money } = figures(language);
  const src = avatar ? `data:image/png;base64,${Buffer.from(avatar).toString('base64')}` : DEFAULT_HEAD_URI;
  const rank =
    player.rank ||
    i18n._('Unranked', undefined, { comment: "On a player's preview card, for a player without a rank" });
  const badges = [badge(rank, rankTone(player.rank))];
  if (player.gang) badges.push(chip(player.gang.name, sixDigitHex(gangColor(player.gang.color))));
  const subject = row({ alignItems: 'center', gap: 48 }, [
    portrait(
      el(
        'img',
        { width: PORTRAIT, height: PORTRAIT, borderRadius: 22, imageRendering: 'pixelated' },
        undefined,
        {
          src,
          width: PORTRAIT,
          height: PORTRAIT,
        },
      ),
    ),
    column({ gap: 22 }, [title(player.username), row({ gap: 14, alignItems: 'center' }, badges)]),
  ]);
  return frame(
    i18n,
    i18n._('Player profile', undefined, { comment: "The kind of page a player's preview card shows" }),
    subject,
    [
      tile(
        i18n._('Level', undefined, { comment: "A figure's label on a player's preview card" }),
        whole(player.level),
      ),
      tile(
        i18n._('Prestige', undefined, { comment: "A figure's label on a player's preview card" }),
        whole(player.prestige),
      ),
      tile(
        i18n._('Balance', undefined, { comment: "A figure's label on a player's preview card" }),
        money(player.balance),
        COLORS.accent,
      ),
    ],
  );
}

/** A gang's card, its words and figures in `language` (its words as `i18n` has them). */
export function gangCard(
  gang: GangCardData,
  language: Language = SOURCE_LANGUAGE,
  i18n: I18n = serverI18n(language),
): CardNode {
  const { whole, money } = figures(language);
  const color = sixDigitHex(gangColor(gang.color));
  const crest = el(
    'div',
    {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: PORTRAIT,
      height: PORTRAIT,
      borderRadius: 22,
      backgroundImage: `linear-gradient(135deg, ${color}, ${color}cc)`,
    },
    el('img', { width: 112, height: 112 }, undefined, {
      src: shield(isLight(color) ? 'rgba(0,0,0,0.6)' : '#ffffff'),
      width: 112,
      height: 112,
    }),
  );
  const subject = row({ alignItems: 'center', gap: 48 }, [
    portrait(crest),
    column({ gap: 22 }, [
      title(gang.name),
      row({ gap: 14 }, [badge(gangStatusText(i18n, gang.status), gangStatusBadgeTone(gang.status))]),
    ]),
  ]);
  return frame(
    i18n,
    i18n._('Gang', undefined, { comment: "The kind of page a gang's preview card shows" }),
    subject,
    [
      tile(
        i18n._('Treasury', undefined, { comment: "A figure's label on a gang's preview card" }),
        money(gang.balance),
        COLORS.accent,
      ),
      tile(
        i18n._('Members', undefined, { comment: "A figure's label on a gang's preview card" }),
        whole(gang.member_count),
      ),
      tile(
        i18n._('Min. level', undefined, {
          comment: "A figure's label on a gang's preview card: the level a player needs to join",
        }),
        whole(gang.min_level),
      ),
    ],
  );
}
