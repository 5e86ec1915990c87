// Listed items as the game server describes them to the site: the name and icon shown, the game's own
// serialized form of the item (opaque to the site, handed back with each delivery), and for gear and
// enchanted books the enchantments by the catalogue's keys. Drawn from a generator of the listing's
// own, so adding them leaves the rest of the world's draws as they were.
import { enchantKey, type ItemEnchant, ROMAN } from '@prison/shared/enchant-levels';
import { ENCHANTS, type Enchant, type EnchantGear } from '@prison/shared/enchants';
import type { AuctionItem } from './catalogue.ts';
import type { Rng } from './random.ts';

export interface ListedItem {
  name: string;
  icon: string;
  /** The game's own form of the item: base64 of a small JSON of its components. */
  data: string;
  /** Only on gear and enchanted books. */
  enchants?: ItemEnchant[];
}

/** The enchant catalogue's pieces of gear an item id is, or none: it takes no enchants. */
export function gearOf(icon: string): EnchantGear[] {
  if (icon.endsWith('_pickaxe')) return ['Pickaxe'];
  if (icon.endsWith('_sword')) return ['Sword'];
  if (icon.endsWith('_axe')) return ['Axe'];
  if (icon.endsWith('_helmet')) return ['Armor', 'Helmet'];
  if (icon.endsWith('_chestplate')) return ['Armor'];
  if (icon.endsWith('_leggings')) return ['Armor', 'Leggings'];
  if (icon.endsWith('_boots')) return ['Armor', 'Boots'];
  return [];
}

const plain = (name: string) => name.replace(/§./g, '');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The enchantments an item's name spells, "Efficiency VI" or "Feed" (level I), by catalogue key. */
export function enchantsNamed(name: string): ItemEnchant[] {
  const text = plain(name);
  const found: ItemEnchant[] = [];
  for (const enchant of ENCHANTS) {
    const match = new RegExp(`\\b${escapeRegExp(enchant.name)}(?: (${ROMAN.join('|')}))?\\b`).exec(text);
    if (!match) continue;
    const level = match[1] ? ROMAN.indexOf(match[1] as (typeof ROMAN)[number]) + 1 : 1;
    found.push({ key: enchantKey(enchant.name), level });
  }
  return found;
}

const fits = (enchant: Enchant, gear: EnchantGear[]) => enchant.applicableTo.some((g) => gear.includes(g));

/**
 * The item of a new listing: gear carries what its name says plus up to three enchants of its own
 * (those that need no other first), each within its catalogue level; an enchanted book carries the
 * enchant it is named after; anything else carries none.
 */
export function listedItem(rng: Rng, item: Pick<AuctionItem, 'name' | 'icon'>): ListedItem {
  const gear = gearOf(item.icon);
  const named = gear.length > 0 || item.icon === 'enchanted_book' ? enchantsNamed(item.name) : [];
  const enchants = [...named];
  if (gear.length > 0) {
    const candidates = ENCHANTS.filter(
      (e) => fits(e, gear) && e.requires.length === 0 && !enchants.some((x) => x.key === enchantKey(e.name)),
    );
    for (let extra = rng.int(0, 3); extra > 0 && candidates.length > 0; extra--) {
      const [enchant] = candidates.splice(rng.int(0, candidates.length - 1), 1);
      enchants.push({ key: enchantKey(enchant!.name), level: rng.int(1, enchant!.maxLevel) });
    }
  }
  const components: Record<string, unknown> = { custom_name: item.name };
  if (enchants.length > 0) {
    components[item.icon === 'enchanted_book' ? 'stored_enchantments' : 'enchantments'] = Object.fromEntries(
      enchants.map((e) => [`prison:${e.key.replace(/-/g, '_')}`, e.level]),
    );
  }
  if (gear.length > 0) components.damage = rng.int(0, 120);
  // What tells two otherwise equal items apart in game (a serial of the server's item tracker).
  components.custom_data = { serial: rng.uuid() };
  const data = Buffer.from(
    JSON.stringify({ id: `minecraft:${item.icon}`, count: 1, components }),
    'utf8',
  ).toString('base64');
  return {
    name: item.name,
    icon: item.icon,
    data,
    ...(enchants.length > 0 && { enchants }),
  };
}
