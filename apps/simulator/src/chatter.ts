// What players say: global chat, private messages and trades, with a little context so the lines
// read like a real prison server's chat.
import { AUCTION_CATEGORIES } from './catalogue.ts';
import type { Rng } from './random.ts';

export interface ChatContext {
  level: number;
  gangName: string | null;
  otherName?: string;
}

const CHAT: readonly ((c: ChatContext, r: Rng) => string)[] = [
  () => 'anyone selling eff 6 books?',
  () => 'gg',
  () => 'gg wp',
  () => 'lol',
  () => 'mine reset in 2 min',
  () => 'who wants to trade diamonds for emerald blocks',
  (c) => `lf gang, lvl ${c.level}, on every day`,
  () => 'how do i get to sentinel?',
  () => 'is the auction house on the site live now?',
  () => 'just bought a shatter book on the website, it was in my inv instantly',
  () => 'ore surge + powerball is so good together',
  () => 'momentum keeps resetting when i tp, is that normal?',
  () => 'whats the best enchant for early game',
  () => 'feed is underrated ngl',
  (c) => (c.gangName ? `${c.gangName} recruiting! /gang join if you're active` : 'any gangs recruiting?'),
  (c) => (c.gangName ? `${c.gangName} on top this season` : 'solo grind is pain'),
  () => 'brb dinner',
  () => 'back',
  () => 'who has a spare golden pick',
  () => 'C mine is packed rn',
  () => 'prestige 1 took me forever',
  () => 'does anyone know when mid-season refresh is',
  () => 'selling iron blocks cheap, check /ah',
  () => 'wb',
  (c) => `finally level ${c.level}`,
  () => 'that legendary key gave me nothing lmao',
  () => 'the warden gkit is worth it',
  () => 'tycoon kit cooldown is so long',
  () => 'vote for the server pls, free keys',
  () => 'ty!',
  () => 'np',
  () => 'afk mining is not allowed right? just checking',
  () => 'anyone want to split a spawner',
  () => 'how much is a netherite pick going for',
  (_c, r) => `price check on ${r.pick(r.pick(AUCTION_CATEGORIES).items).name.replace(/§./g, '')}?`,
  () => 'this season is way better than the last one',
  () => 'who is running the gang wars tonight',
  () => 'my alchemy procs are insane today',
  () => 'discord link?',
  () => 'o7',
];

const PRIVATE: readonly ((c: ChatContext, r: Rng) => string)[] = [
  () => 'u selling that pick?',
  () => 'wanna join my gang?',
  () => 'hop in the C mine, it just reset',
  () => 'can you lend me 500k, ill pay back tonight',
  () => 'thx for the trade',
  () => 'did you get the books?',
  () => 'check the site, i listed the spawner',
  () => 'are you on later?',
  () => 'lol that was close',
  () => 'what level is your momentum at',
  () => 'ty for the help earlier',
  () => 'meet at spawn',
  (c) => (c.gangName ? `officer meeting in ${c.gangName} base in 10` : 'we should make a gang'),
  (_c, r) => `ill give you ${r.pick(['2m', '5m', '750k', '12m', '40m'])} for it`,
  () => 'gg on the prestige!',
  () => 'can you tpa me',
  () => 'deposit into the gang bank when you can',
];

export function chatLine(rng: Rng, context: ChatContext): string {
  return rng.pick(CHAT)(context, rng);
}

export function privateLine(rng: Rng, context: ChatContext): string {
  return rng.pick(PRIVATE)(context, rng);
}

const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/** A trade between two players: its activity text and the money that moved. */
export function tradeLine(rng: Rng, payerBalance: number): { text: string; amount: number } {
  const category = rng.pick(AUCTION_CATEGORIES);
  const item = rng.pick(category.items);
  const qty = rng.int(item.qty[0], Math.min(item.qty[1], 128));
  const unit = rng.logFloat(item.price[0], item.price[1]);
  const amount = Math.max(1, Math.min(Math.round(unit * qty), Math.floor(payerBalance * 0.2)));
  return { text: `Traded ${qty}x ${item.name.replace(/§./g, '')} for ${money(amount)}`, amount };
}
