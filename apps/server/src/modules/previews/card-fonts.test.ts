import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '@prison/shared/languages';
import { Blob, Face } from 'harfbuzzjs';
import satori from 'satori';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../../i18n.ts';
import { CARD_FONTS, CARD_FONTS_DIR, cardFonts } from './card-fonts.ts';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  type CardNode,
  type GangCardData,
  gangCard,
  type PlayerCardData,
  playerCard,
} from './cards.ts';
import { makeCardFont } from './make-card-fonts.ts';

describe('the card fonts', () => {
  it.each(CARD_FONTS)('$file is what make-card-fonts.ts makes from the installed font', async (font) => {
    const made = Buffer.from(await makeCardFont(font));
    const kept = readFileSync(new URL(font.file, CARD_FONTS_DIR));
    // TrueType, which satori reads as it is.
    expect(kept.readUInt32BE(0)).toBe(0x00010000);
    expect(made.equals(kept)).toBe(true);
  });
});

/** The characters each family's files hold (every weight of a family is cut from the same file). */
const held = new Map<string, Set<number>>();
for (const { name, file } of CARD_FONTS) {
  const face = new Face(new Blob(readFileSync(new URL(file, CARD_FONTS_DIR))), 0);
  const set = held.get(name.toLowerCase()) ?? new Set<number>();
  for (const code of face.collectUnicodes()) set.add(code);
  held.set(name.toLowerCase(), set);
}

/** Each text of a card with the families it asks for, in order, as satori reads `font-family`. */
function texts(node: CardNode, families: string[] = []): { text: string; families: string[] }[] {
  const style = node.props.style ?? {};
  const own =
    typeof style.fontFamily === 'string'
      ? style.fontFamily.split(',').map((family) =>
          family
            .trim()
            .replace(/^['"]|['"]$/g, '')
            .toLowerCase(),
        )
      : families;
  const upper = style.textTransform === 'uppercase';
  return [node.props.children ?? []].flat().flatMap((child) =>
    typeof child === 'string'
      ? [{ text: upper ? child.toUpperCase() : child, families: own }]
      : texts(
          upper
            ? {
                ...child,
                props: { ...child.props, style: { textTransform: 'uppercase', ...child.props.style } },
              }
            : child,
          own,
        ),
  );
}

/** The characters of a card that none of the families its text asks for has. */
function uncovered(card: CardNode): string[] {
  return texts(card).flatMap(({ text, families }) =>
    [...text]
      .filter((char) => !families.some((family) => held.get(family)?.has(char.codePointAt(0)!)))
      .map(
        (char) =>
          `${char} (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}) in "${text}"`,
      ),
  );
}

/** What satori found no font at all for, drawing the card. */
async function missing(card: CardNode): Promise<string[]> {
  const segments: string[] = [];
  await satori(card as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: cardFonts(),
    loadAdditionalAsset: async (_code, segment) => {
      segments.push(segment);
      return [];
    },
  });
  return segments;
}

// Hand-made catalogues: the cards as they read once translated.
const WORDS: Partial<Record<Language, Record<string, string>>> = {
  ru: {
    'Prison server': 'Тюремный сервер',
    'Player profile': 'Профиль игрока',
    Level: 'Уровень',
    Prestige: 'Престиж',
    Balance: 'Баланс',
    Unranked: 'Без ранга',
    Gang: 'Банда',
    Treasury: 'Казна',
    Members: 'Участники',
    'Min. level': 'Мин. уровень',
    'Invite only': 'По приглашению',
  },
  pl: {
    'Prison server': 'Serwer więzienny',
    'Player profile': 'Profil gracza',
    Level: 'Poziom',
    Balance: 'Saldo',
    Unranked: 'Bez rangi',
    Gang: 'Gang',
    Treasury: 'Skarbiec',
    Members: 'Członkowie',
    'Min. level': 'Min. poziom',
    'Invite only': 'Tylko z zaproszeniem',
  },
};

const player = (username: string, gang: string): PlayerCardData => ({
  username,
  rank: '',
  level: 1234,
  prestige: 12,
  balance: '3010000000000000.55',
  gang: { name: gang, color: 'gold' },
});
const gang = (name: string): GangCardData => ({
  name,
  status: 'InviteOnly',
  color: null,
  balance: '125000.40',
  member_count: 1204,
  min_level: 1500,
});

describe.each(LANGUAGES)('a card in %s', (language) => {
  const i18n = createServerI18n(language, WORDS[language] ?? {});
  // Gang names are free text: Cyrillic and Latin Extended ones too.
  const cards = [
    playerCard(player('DeepMiner', 'Железные Волки'), null, language, i18n),
    gangCard(gang('Żółta Gęś'), language, i18n),
    gangCard(gang('Железные Волки'), language, i18n),
  ];

  it('has every character in a font of the families its text asks for', () => {
    for (const card of cards) expect(uncovered(card)).toEqual([]);
  });

  it('draws every character with a font satori has', async () => {
    for (const card of cards) expect(await missing(card)).toEqual([]);
  });
});

it('draws the translated words: the Russian card reads in Cyrillic', () => {
  const card = playerCard(player('DeepMiner', 'Iron Wolves'), null, 'ru', createServerI18n('ru', WORDS.ru!));
  const words = texts(card).map(({ text }) => text);
  expect(words).toEqual(expect.arrayContaining(['ПРОФИЛЬ ИГРОКА', 'УРОВЕНЬ', 'БАЛАНС', 'Тюремный сервер']));
  expect(words.join(' ')).toMatch(/трлн/);
});
