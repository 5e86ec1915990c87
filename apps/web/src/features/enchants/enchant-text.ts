// The words the laboratory shows about each enchant (its description, focus, synergy, the players it
// suits and its notes) and each system's tagline, as messages of the page's language. The catalogue in
// packages/shared enchants.ts keys them: an enchant by its name, a system by its id. Enchant and system
// names are the game's and stay as written.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Enchant, EnchantSystemId } from '@prison/shared/enchants';

export interface EnchantText {
  description: MessageDescriptor;
  /** What the enchant is for, in a few words. */
  focus: MessageDescriptor;
  /** How it works with other enchants, when it does. */
  synergy?: MessageDescriptor;
  /** The players it suits ("Best for"). */
  recommendedFor: MessageDescriptor;
  notes: MessageDescriptor;
}

/** Each system's tagline, under its name in the legend. */
export const SYSTEM_TAGLINE: Readonly<Record<EnchantSystemId, MessageDescriptor>> = {
  'core-progress': msg`The foundation every pickaxe is built on.`,
  momentum: msg`Keep swinging and the meter keeps burning.`,
  support: msg`Stay in the mine longer, and bring your gang along.`,
  prestige: msg`Power that only opens once you start over.`,
  pvp: msg`For the yard, the gang war and the walk home.`,
};

/** Each enchant's words, by its name (a test holds them to the catalogue, one each). */
export const ENCHANT_TEXT: Readonly<Record<string, EnchantText>> = {
  Efficiency: {
    description: msg`Every swing bites deeper into the mine wall, so blocks crumble in fewer ticks. The first enchant every prisoner should max.`,
    focus: msg({
      message: 'Raw mining speed',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Its levels unlock Fortune, Fracture, Powerball and Super Breaker.`,
    recommendedFor: msg({
      message: 'Every miner, from the first hour in the cells',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Level VI is the entry ticket to most area enchants, so push it before anything else.`,
  },
  Fortune: {
    description: msg`Rolls extra drops from every ore you break; each level adds another chance at a bonus stack.`,
    focus: msg({
      message: 'Extra ore drops',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Alchemy upgrades the extra ores Fortune rolls, so the two compound.`,
    recommendedFor: msg({
      message: 'Miners selling ore for their first rank-ups',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Bonus drops count towards the ores gained statistic.`,
  },
  Unbreaking: {
    description: msg`Reinforces the gear so durability drains slower through heavy mining and long fights.`,
    focus: msg({
      message: 'Durability',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Anyone tired of repairing between mine resets',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Works on every piece of gear, so it is often the first enchant on a fresh kit.`,
  },
  Transfuse: {
    description: msg`Activation: converts a slice of the ore in your inventory straight into enchant energy, so the pickaxe pays for its own upgrades.`,
    focus: msg({
      message: 'Ore into energy',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Tops up Energy Siphon's steady trickle with lump sums.`,
    recommendedFor: msg({
      message: 'Players saving up for an ultimate enchant',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Each conversion counts as a Transfuse activation in your statistics.`,
  },
  Alchemy: {
    description: msg`Activation: transmutes mined ore one tier upward (coal to iron, iron to gold, gold to diamond) before it reaches your inventory.`,
    focus: msg({
      message: 'Ore upgrades',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Pairs with Fortune: more drops means more ore to transmute.`,
    recommendedFor: msg({
      message: 'Mid-game miners chasing diamond and emerald payouts',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Reworked for Season I: at level V diamond can turn into emerald.`,
  },
  Prospector: {
    description: msg`Senses the richer blocks of each mine reset and steers your drops toward them.`,
    focus: msg({
      message: 'Ore yield',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'New prisoners still learning the mine layouts',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Raises ores gained, not blocks broken.`,
  },
  'Shard Seeker': {
    description: msg`Gives every broken block a small chance to reveal a prison shard, the currency behind G-Kit and cosmetic upgrades.`,
    focus: msg({
      message: 'Shard discovery',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Area enchants like Fracture roll the chance on every block they clear.`,
    recommendedFor: msg({
      message: 'Collectors and G-Kit levellers',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Shards you find appear in your statistics as shards discovered.`,
  },
  'Energy Siphon': {
    description: msg`Draws a trickle of enchant energy out of every block you mine: steady income for your next enchant.`,
    focus: msg({
      message: 'Passive energy',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Every miner; it pays for itself within a session',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Counted in the energy gained statistic.`,
  },
  Fracture: {
    description: msg`Activation: splits the mine along a fault line, breaking a straight tunnel of blocks ahead of you.`,
    focus: msg({
      message: 'Line clearing',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Shatter builds on Fracture's fault lines; level IV is its prerequisite.`,
    recommendedFor: msg({
      message: 'Tunnel miners working long shafts',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Blocks cleared this way are tracked as fracture blocks.`,
  },
  'Vein Reader': {
    description: msg`Break one ore and the rest of its vein glows through the stone for a few seconds.`,
    focus: msg({
      message: 'Ore tracking',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Players mining the deep layers where veins hide',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`The glow is visible only to you.`,
  },
  'Deep Core': {
    description: msg`Adds a bonus to every drop the deeper you dig, peaking on the bedrock layer of each mine.`,
    focus: msg({
      message: 'Depth bonus',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Stacks with Ore Surge while a surge window is open.`,
    recommendedFor: msg({
      message: 'Late-game miners in the top mines',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`The bonus drops to zero above a mine's halfway mark.`,
  },
  Autosmelt: {
    description: msg`Ore drops come out already smelted, so raw iron, gold and copper go straight to bars.`,
    focus: msg({
      message: 'Instant smelting',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Anyone who sells bars instead of raw ore',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Works with Fortune: every extra drop is smelted too.`,
  },
  'Super Breaker': {
    description: msg`Activation: unleashes a few seconds of instant breaking, where every block you touch gives way in a single tick.`,
    focus: msg({
      message: 'Instant-break burst',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Fire it with a full momentum meter to double the burst.`,
    recommendedFor: msg({
      message: 'Speed miners racing a mine reset',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Reworked for Season I: the burst now scales with momentum instead of a fixed timer.`,
  },
  Powerball: {
    description: msg`Activation: lobs a charged orb that detonates inside the wall and clears a sphere of blocks.`,
    focus: msg({
      message: 'Explosive area',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Every detonation adds a burst of momentum.`,
    recommendedFor: msg({
      message: 'Players clearing wide, open mines',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`The orb never harms players or gang builds.`,
  },
  'Ore Surge': {
    description: msg`Activation: opens a surge window in which every ore you mine drops as if Fortune were two levels higher.`,
    focus: msg({
      message: 'Ore burst',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Deep Core and Alchemy both apply inside the surge window.`,
    recommendedFor: msg({
      message: 'Money-focused miners pushing a rank-up',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Surges never overlap; a new activation extends the open window.`,
  },
  Shatter: {
    description: msg`Activation: sends a shockwave through the layer you stand on, breaking every block on it at once.`,
    focus: msg({
      message: 'Layer clearing',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Fracture lines left in the layer break with it for bonus momentum.`,
    recommendedFor: msg({
      message: 'Endgame miners resetting mines for the whole server',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Blocks it clears count as shatter blocks in your statistics.`,
  },
  'Kinetic Drive': {
    description: msg`Builds momentum faster with every consecutive block, rewarding miners who never stop swinging.`,
    focus: msg({
      message: 'Momentum gain',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Every miner who wants activations sooner',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Your momentum shows in the Progress statistics of your profile.`,
  },
  Overdrive: {
    description: msg`Once the momentum meter is full it keeps filling into overdrive, raising the chance of every activation.`,
    focus: msg({
      message: 'Activation chance',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Powerball, Ore Surge and Shatter all fire noticeably more often.`,
    recommendedFor: msg({
      message: 'Builds carrying three or more activation enchants',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Returning from the beta seasons with a shorter wind-up.`,
  },
  'Chain Reaction': {
    description: msg`Gives every activation a chance to set off a second, different activation straight after.`,
    focus: msg({
      message: 'Activation chains',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`The more activation enchants you carry, the more it has to choose from.`,
    recommendedFor: msg({
      message: 'Players stacking several activation enchants',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`A chain never repeats the enchant that started it.`,
  },
  Afterburn: {
    description: msg`Slows momentum decay when you stop mining, so a sell trip or a scuffle does not empty the meter.`,
    focus: msg({
      message: 'Momentum retention',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Miners who sell often between runs',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`At level III decay pauses entirely for the first few seconds.`,
  },
  Tremor: {
    description: msg`Every hundredth block sends a tremor through the wall around you, loosening a ring of blocks.`,
    focus: msg({
      message: 'Rhythmic area',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Loosened blocks still roll Fortune and Shard Seeker.`,
    recommendedFor: msg({
      message: 'Steady miners who prefer rhythm over luck',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`The block count carries over between mines.`,
  },
  Starfall: {
    description: msg`Activation: calls a falling star into the mine that blasts open a crater of ore-rich blocks where it lands.`,
    focus: msg({
      message: 'Ore crater',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`An Ore Surge open at impact doubles the crater's ore.`,
    recommendedFor: msg({
      message: 'Top miners chasing leaderboard XP',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Each mine holds one crater at a time.`,
  },
  Feed: {
    description: msg`Activation: tops up your hunger as you mine, so a long session never stops for food.`,
    focus: msg({
      message: 'Hunger upkeep',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Everyone: the cheapest quality-of-life enchant in the laboratory',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`One flat cost; there are no further levels to buy.`,
  },
  Replenish: {
    description: msg`Activation: restores a slice of your pickaxe's durability mid-swing, so long runs never end at the anvil.`,
    focus: msg({
      message: 'Durability restore',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`With Unbreaking, a pickaxe can last a whole season without repairs.`,
    recommendedFor: msg({
      message: 'Marathon miners and anyone running area activations',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Each restore counts as a Replenish activation in your statistics.`,
  },
  Renewal: {
    description: msg`Slowly regenerates health while you mine or rest in your cell, faster when out of combat.`,
    focus: msg({
      message: 'Health regeneration',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Players who mix mining with the occasional yard fight',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Returning from the beta; regeneration now pauses for 5 seconds after player damage.`,
  },
  'Second Wind': {
    description: msg`Below a quarter of your health, grants a short burst of speed and absorption to get you clear.`,
    focus: msg({
      message: 'Emergency escape',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Miners crossing PvP zones between mines',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Two-minute cooldown.`,
  },
  Lamplight: {
    description: msg`See clearly in the darkest mine layers without torches or potions.`,
    focus: msg({
      message: 'Night vision',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Everyone who mines below the lit layers',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`It does not reveal players hiding in the dark.`,
  },
  'Lodestone Pull': {
    description: msg`Pulls every drop within a few blocks straight into your inventory, even through walls.`,
    focus: msg({
      message: 'Drop collection',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Essential once area enchants scatter drops across the mine.`,
    recommendedFor: msg({
      message: 'Anyone running Powerball, Fracture or Shatter',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Stops pulling when your inventory is full.`,
  },
  "Cellmate's Blessing": {
    description: msg`Shares a slice of the XP you earn with gang members mining in the same mine, without reducing your own.`,
    focus: msg({
      message: 'Gang XP sharing',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Stacks per member, so a full crew mining together levels much faster.`,
    recommendedFor: msg({
      message: 'Gangs that grind mines as a crew',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Only members of your gang in the same mine receive the share.`,
  },
  Quickstep: {
    description: msg`Raises your walking speed inside the mines, so moving between veins costs less time.`,
    focus: msg({
      message: 'Movement speed',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Miners in the big open mines',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`The bonus is halved inside PvP zones.`,
  },
  'Deep Pockets': {
    description: msg`Compresses stacks of ore in your inventory into blocks on the fly, freeing space for long runs.`,
    focus: msg({
      message: 'Inventory space',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Keeps Lodestone Pull collecting for far longer.`,
    recommendedFor: msg({
      message: 'Players who hate mid-run sell trips',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Compressed blocks sell for exactly the value of their ores.`,
  },
  Ascendant: {
    description: msg`Adds bonus XP to every block, scaling with your prestige, so each prestige makes the next climb faster.`,
    focus: msg({
      message: 'Prestige XP bonus',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Multiplies the shares Cellmate's Blessing hands to your gang.`,
    recommendedFor: msg({
      message: 'Players from their first prestige onward',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Unlocks after your first prestige; the bonus grows with each one up to the season's maximum of 5.`,
  },
  "Aurion's Favor": {
    description: msg`A blessing of the Eternal Vault: a share of every sale comes back as bonus money, growing with prestige.`,
    focus: msg({
      message: 'Sale bonus',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Alchemy and Ore Surge raise the value Aurion's Favor multiplies.`,
    recommendedFor: msg({
      message: 'Economy players at prestige 3 and above',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Equippable from prestige 3. The bonus is paid through the same ledger as any sale.`,
  },
  "Chronos' Edge": {
    description: msg`The first strike belongs to Chronos: your opening hit in a fight deals heavy bonus damage and slows the target.`,
    focus: msg({
      message: 'Opening strike',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Execute finishes what Chronos' Edge starts.`,
    recommendedFor: msg({
      message: 'Prestige fighters who pick their battles',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Equippable from prestige 2. Recharges after 20 seconds out of combat.`,
  },
  "Laphris' Bulwark": {
    description: msg`Runes of Laphris harden your armour: heavy hits are partly turned into stone-skin absorption.`,
    focus: msg({
      message: 'Damage absorption',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Prestige players defending gang territory',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Equippable from prestige 2. One piece is enough; more pieces lengthen the absorption.`,
  },
  'Rebirth Echo': {
    description: msg`Carries an echo of your momentum and a few enchant levels through each prestige, so the restart stings less.`,
    focus: msg({
      message: 'Prestige carry-over',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Players about to prestige',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Returning from the beta. Carry-over is capped at level III of any enchant.`,
  },
  Starforged: {
    description: msg`Expands your enchant energy pool for every prestige you hold, so you can bank for legendary buys.`,
    focus: msg({
      message: 'Energy capacity',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Pairs with Transfuse to bank large ore conversions.`,
    recommendedFor: msg({
      message: 'Savers working toward Shatter or Starfall',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Unlocks after your first prestige.`,
  },
  Legacy: {
    description: msg`Engraves your season into the gear: every leaderboard podium you reach adds a lasting bonus to its stats.`,
    focus: msg({
      message: 'Season trophies',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Max-prestige players competing for the podium',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Equippable at prestige 5. The bonuses reset with the season, like everything else.`,
  },
  Sharpness: {
    description: msg`Hones the edge for extra damage on every hit, against prisoners and mobs alike.`,
    focus: msg({
      message: 'Melee damage',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Every fighter: the base of any PvP kit',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`The prerequisite for most of Warden's Arsenal.`,
  },
  Protection: {
    description: msg`Reduces all incoming damage, from blades and blasts to a fall down the mine shaft.`,
    focus: msg({
      message: 'Damage reduction',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Everyone who leaves spawn',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Stacks across armour pieces up to the usual cap.`,
  },
  Lifesteal: {
    description: msg`Heals you for part of the damage you deal, tipping long fights in your favour.`,
    focus: msg({
      message: 'Healing on hit',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Lockdown keeps the target in reach while you heal.`,
    recommendedFor: msg({
      message: 'Duelists and yard brawlers',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Reworked for Season I: it heals less against targets wearing Laphris' Bulwark.`,
  },
  Cleave: {
    description: msg`Axe swings carry through to enemies beside your target, dealing each a share of the damage.`,
    focus: msg({
      message: 'Sweep damage',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Gang fighters in crowded brawls',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Never hits members of your own gang.`,
  },
  'Barbed Plating': {
    description: msg`Attackers who hit you in melee take a share of the damage back.`,
    focus: msg({
      message: 'Thorn damage',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Tanks holding the gang doorway',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Reflected damage cannot kill; it stops at half a heart.`,
  },
  Lockdown: {
    description: msg`Hits can shackle the target, slowing them and blocking ender pearls for a few seconds.`,
    focus: msg({
      message: 'Crowd control',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    synergy: msg`Counters Escape Artist: a shackled target cannot blink away.`,
    recommendedFor: msg({
      message: 'Hunters chasing down runners',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`A target cannot be shackled again for 15 seconds.`,
  },
  Execute: {
    description: msg`Deals bonus damage to targets below a third of their health, ending fights that drag on.`,
    focus: msg({
      message: 'Finishing damage',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Fighters who close out gang wars',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`The bonus does not apply while the target is shackled by Lockdown.`,
  },
  'Iron Will': {
    description: msg`Steadies you against knockback and shakes off slowness and weakness faster.`,
    focus: msg({
      message: 'Knockback resistance',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Fighters who get juggled in brawls',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`It does not lift Lockdown's pearl block.`,
  },
  'Escape Artist': {
    description: msg`Damage taken below half health may blink you a few blocks away from your attacker.`,
    focus: msg({
      message: 'Escape blink',
      comment: 'An enchant\'s card, after "Focus": what the enchant is for',
    }),
    recommendedFor: msg({
      message: 'Miners crossing PvP zones with a full inventory',
      comment: 'An enchant\'s card, after "Best for:": the players the enchant suits',
    }),
    notes: msg`Returning from the beta with a 45-second cooldown.`,
  },
};

/** The words of `enchant`. */
export function enchantText(enchant: Pick<Enchant, 'name'>): EnchantText | undefined {
  return ENCHANT_TEXT[enchant.name];
}
