// The console commands the simulated Paper server answers over RCON, worded as the real server
// words them, reading the live loop's state (who is online, server load). LiteBans' punishments
// (ban, mute, warn, kick and their pardons) are in litebans-commands.ts.
import { AUCTION_CATEGORIES } from './catalogue.ts';
import { isLiteBansCommand, runLiteBansCommand } from './litebans-commands.ts';
import type { LiveState } from './live-state.ts';
import { HELP_LINES } from './rcon-help.ts';

export const SERVER_VERSION =
  'This server is running Paper version 1.21.4-232-main@a1b2c3d (MC: 1.21.4) (Implementing API version 1.21.4-R0.1-SNAPSHOT)\nYou are running the latest version';

const UNKNOWN = 'Unknown or incomplete command, see below for error';

/** Brigadier's error context: up to 10 characters before the cursor, then the marker. */
function here(input: string, cursor = input.length): string {
  const shown = input.slice(Math.max(0, cursor - 10), cursor);
  return `${cursor > 10 ? '...' : ''}${shown}<--[HERE]`;
}

const incomplete = (input: string) => `${UNKNOWN}\n${here(input)}`;

const ITEMS = new Set([
  ...AUCTION_CATEGORIES.flatMap((c) => [c.icon, ...c.items.map((i) => i.icon)]),
  'stone',
  'cobblestone',
  'dirt',
  'oak_log',
  'oak_planks',
  'torch',
  'iron_pickaxe',
  'stone_pickaxe',
  'wooden_pickaxe',
  'golden_apple',
  'experience_bottle',
  'netherite_ingot',
  'diamond_sword',
  'netherite_sword',
  'bow',
  'arrow',
  'shield',
  'emerald_block',
  'beacon',
  'tnt',
  'water_bucket',
]);
const UNSTACKABLE =
  /(pickaxe|axe|shovel|hoe|sword|helmet|chestplate|leggings|boots|elytra|bow|shield|bucket|potion|totem|shulker_box|spawner|template)$/;

const displayName = (item: string) =>
  item
    .split('_')
    .map((word) => (word === 'of' || word === 'o' ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');

function formatTps(value: number): string {
  const rounded = Math.min(20, Math.round(value * 100) / 100);
  return Number.isInteger(rounded) ? rounded.toFixed(1) : String(rounded);
}

export function createCommandHandler(state: LiveState): (input: string) => string {
  let load = 0;
  return (raw) => {
    const input = raw.trim().replace(/^\//, '');
    const [label = '', ...args] = input.split(/\s+/);
    const command = label.toLowerCase();
    if (isLiteBansCommand(command)) return runLiteBansCommand(state, command, args);
    switch (command) {
      case '':
        return incomplete(input);
      case 'list': {
        const online = state.onlinePlayers();
        const names = online.map((p) => (args[0] === 'uuids' ? `${p.username} (${p.uuid})` : p.username));
        return `There are ${online.length} of a max of ${state.maxOnline} players online: ${names.join(', ')}`;
      }
      case 'say':
        if (args.length === 0) return incomplete(input);
        return `[Server] ${input.slice(label.length).trim()}`;
      case 'tps': {
        // A busy server dips a little below 20 now and then, more over the short window.
        load = (load + 1) % 7;
        const oneMinute = 20 - (load === 3 ? (0.04 * state.online.size) / 60 : 0);
        return `TPS from last 1m, 5m, 15m: ${formatTps(oneMinute)}, ${formatTps(20)}, ${formatTps(19.98)}`;
      }
      case 'give':
        return give(state, input, args);
      case 'help':
      case '?':
        return help(args[0]);
      case 'version':
      case 'ver':
        return SERVER_VERSION;
      case 'plugins':
      case 'pl':
        return 'Server Plugins (7):\nPaper Plugins:\n - PrisonBridge\nBukkit Plugins:\n - LiteBans, LuckPerms, PrisonCore, Vault, WorldEdit, WorldGuard';
      default:
        return `${UNKNOWN}\n${here(input, label.length)}`;
    }
  };
}

function give(state: LiveState, input: string, args: string[]): string {
  const [target, rawItem, rawCount] = args;
  if (!target || !rawItem) return incomplete(input);
  const players =
    target === '@a' ? state.onlinePlayers() : [state.findOnline(target)].filter((p) => p !== undefined);
  if (players.length === 0) return 'No player was found';
  const item = rawItem.replace(/^minecraft:/, '').toLowerCase();
  if (!ITEMS.has(item)) return `Unknown item 'minecraft:${item}'\n${here(input)}`;
  let count = 1;
  if (rawCount !== undefined) {
    if (!/^-?\d+$/.test(rawCount)) return `Invalid integer '${rawCount}'\n${here(input)}`;
    count = Number(rawCount);
    if (count < 1) return `Integer must not be less than 1, found ${count}\n${here(input)}`;
  }
  const max = (UNSTACKABLE.test(item) ? 1 : 64) * 100;
  const name = `[${displayName(item)}]`;
  if (count > max) return `Can't give more than ${max} of ${name}`;
  return players.length === 1
    ? `Gave ${count} ${name} to ${players[0]!.username}`
    : `Gave ${count} ${name} to ${players.length} players`;
}

function help(topic: string | undefined): string {
  if (!topic) return HELP_LINES.join('\n');
  const lines = HELP_LINES.filter((line) => line === `/${topic}` || line.startsWith(`/${topic} `));
  return lines.length ? lines.join('\n') : `${UNKNOWN}\n${here(`help ${topic}`)}`;
}
