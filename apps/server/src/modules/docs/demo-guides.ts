// The guides a demo site starts with: real, readable docs for the simulated prison server, so the
// docs area, its search and its markdown rendering have something worth showing.

export interface DemoGuide {
  title: string;
  slug: string;
  content: string;
}

const joining = `# Joining the Server

Welcome to the yard. This guide gets you from the server list to your first mine in a few minutes,
on **Java Edition** or **Bedrock Edition**.

## Server address

| Edition | Address | Port | Versions |
|---|---|---|---|
| Java | \`play.example.net\` | 25565 (default) | 1.20.4 – 1.21.4 |
| Bedrock (Windows, consoles, phones) | \`play.example.net\` | 19132 | latest release |

> **Tip:** the server runs on 1.21.4. Older Java clients can join, but a few blocks and items
> look different to them. Use the newest version when you can.

## Java Edition

1. Open Minecraft and choose **Multiplayer**.
2. Click **Add Server**, give it a name (for example *Prison*), and enter \`play.example.net\`.
3. Select the server and click **Join Server**.

## Bedrock Edition

1. Open Minecraft and go to **Play → Servers**.
2. Scroll down and choose **Add Server**.
3. Enter \`play.example.net\` as the address and \`19132\` as the port, then **Save**.

Bedrock players show up with a \`.\` in front of their name (for example \`.StoneWolf\`), so two
players from different editions can never take the same name.

## Your first ten minutes

- [ ] Type \`/mine\` to go to the best mine your rank can use.
- [ ] Break blocks. Ores you mine are sold automatically, and the money goes into \`/balance\`.
- [ ] Claim your first G-Kit with \`/gkit miner\`.
- [ ] Type \`/rankup\` once you reach level 10 to become a **CADET**.
- [ ] Read the [rules](/docs?doc=rules) before you chat.

## Link your web account

Set a password in game so you can sign in here and see your profile, friends, gang and the
auction house:

\`\`\`
/site password <your-new-password>
\`\`\`

Then sign in on this site with your **Minecraft username** and that password. Your staff roles come
across from the game too.

## Trouble joining?

| What you see | What to do |
|---|---|
| *Outdated client* | Update Minecraft to a version in the table above. |
| *Can't resolve hostname* | Check the spelling: \`play.example.net\`, without \`http://\`. |
| Bedrock stuck on *Locating server* | Make sure the port is \`19132\` and try mobile data instead of Wi-Fi. |
| *You are banned* | Appeal through the community invite link in the footer. |
`;

const ranks = `# Ranks, Levels & Prestige

Everything you do in the mines earns **XP**. XP raises your **level**, your level unlocks **ranks**,
and at the top of the ladder you can **prestige** for permanent bonuses.

## The six ranks

| Rank | Levels | What it unlocks |
|---|---|---|
| **ROOKIE** | 1 – 9 | Mines A–C, the Miner G-Kit |
| **CADET** | 10 – 19 | Mines D–F, the Excavator G-Kit, \`/ah sell\` |
| **SENTINEL** | 20 – 34 | Mines G–J, the Alchemist G-Kit, creating a gang |
| **COMMANDER** | 35 – 49 | Mines K–N, the Warden G-Kit, Ore Surge |
| **DOMINUS** | 50 – 64 | Mines O–R, the Tycoon G-Kit |
| **ARCHON** | 65 + | The Archon mine and the right to prestige |

Use \`/ranks\` in game to see the exact requirements and \`/rankup\` to move up once you qualify.

## Levels and XP

XP is cumulative: each level needs a total amount of experience, and each step is a little
longer than the one before. A few milestones:

| Level | Total XP |
|---|---|
| 2 | 28 |
| 3 | 82 |
| 10 | 976 |
| 20 | 8,989 |
| 30 | 44,805 |
| 40 | 221,961 |
| 52 | 743,138 |

Your profile shows the exact progress bar to your next level. Mining with enchants, finishing the
**10 daily quests** and keeping your **momentum** streak alive are the fastest ways to earn XP.

## Prestige

Prestige is for players who have seen the whole ladder. When you prestige you:

- keep your **balance**, your **enchants**, your **gang** and your **friends**;
- go back to the first mine with a permanent **sell and XP multiplier**;
- unlock the **Ascendant** G-Kit from Prestige 1;
- get a prestige badge next to your name on the site and in chat.

There are **five prestige levels**. Prestige 5 is the end of the road for the season.

## Seasons

A season lasts **90 days**, with a **mid-season refresh** that opens new mines and rebalances
enchants. At the end of a season the leaderboard is archived, the top players get their rewards,
and everyone starts the next season fresh on the ladder.
`;

const enchants = `# Enchants Guide

Your pickaxe is your career. There are **47 enchants**, grouped into five systems. Browse them all
on the [Enchants page](/enchants); this guide explains how they fit together.

## The five systems

1. **Core Progression** – the backbone of every pickaxe: speed, fortune and raw block output.
2. **Momentum Arsenal** – rewards long, unbroken mining sessions. The longer your streak, the
   stronger they get.
3. **Support & Sustain** – keeps you mining: hunger, durability, and turning ores into energy.
   *Feed*, *Transfuse* and *Replenish* live here.
4. **Prestige Mastery** – enchants that only open up after you prestige, with effects that scale
   with your prestige level.
5. **Warden's Arsenal** – the PvP set for swords, axes and armour, for the warzone and gang fights.

## Energy

Enchants are bought and upgraded with **energy**, which you gain from mining (see the
*Energy Gained* statistic on your profile).

- Most enchants cost between **2,200 and 42,000 energy per level**, rising with each level.
- Some have a **flat cost**: *Feed*, for example, costs **4,000** energy once.
- Maximum levels go from **I** to **VI** depending on the enchant.

> Save energy for the enchants your playstyle uses. An Efficiency VI pickaxe without Fortune
> breaks a lot of blocks and earns very little from them.

## Rarities

| Rarity | What to expect |
|---|---|
| Simple | Cheap, always useful, the first things to max |
| Uncommon | Solid upgrades that define a build |
| Elite | Strong effects with real prerequisites |
| Ultimate | Build-defining; expensive and worth it |
| Legendary | The rarest and strongest; usually need other enchants first |

## Prerequisites

Many enchants **require** another one first, for example *Efficiency VI* before a Core
Progression upgrade. The enchant card on the site lists every requirement, and the in-game
\`/enchanter\` refuses an upgrade until you have them.

## A starter path

1. Max **Efficiency** and **Fortune** first.
2. Add **Feed** so you never stop to eat.
3. Pick up **Transfuse** to turn spare ores into energy.
4. From COMMANDER, save for **Ore Surge** and **Powerball**: they carry you through the late mines.
5. After your first prestige, look at Prestige Mastery.
`;

const gangs = `# Gangs

A gang is a crew of players who mine, trade and fight together. Gangs share a **treasury**, appear
in the gang browser on the [Social page](/social#gang-browser), and compete on the gang leaderboard.

## Creating a gang

You need to be at least **SENTINEL** (level 20). Then:

\`\`\`
/gang create <name>
/gang color <colour>
/gang status <Open|InviteOnly|Closed>
/gang minlevel <level>
\`\`\`

The colour can be a game colour name such as \`gold\`, \`aqua\` or \`dark_purple\`, or a hex colour
such as \`#33ccff\`.

## Who can join: status

| Status | How players join |
|---|---|
| **Open** | Anyone who meets the minimum level can \`/gang join <name>\`. |
| **InviteOnly** | Only players invited by a Leader or Officer (\`/gang invite <player>\`). |
| **Closed** | Nobody new can join until the status changes. |

The **minimum level** applies to every status: a player below it cannot join, even with an invite.

## Roles

| Role | Can do |
|---|---|
| **Leader** | Everything, including disbanding the gang and promoting Officers. One per gang. |
| **Officer** | Invite and kick Members and Recruits, withdraw from the treasury. |
| **Member** | Deposit to the treasury, use gang chat and the gang base. |
| **Recruit** | A new member on probation: gang chat only, until promoted. |

Use \`/gang promote <player>\` and \`/gang demote <player>\` to move someone up or down one role.

## The treasury

- Anyone in the gang can pay in with \`/gang deposit <amount>\`.
- Leaders and Officers can take money out with \`/gang withdraw <amount>\`.
- The treasury counts towards the **gang leaderboard** and shows on the gang card on this site.
- Every deposit and withdrawal is logged, so a leader can always see who moved what.

## On the website

Once your web account is linked, the **Your gang** section of the Social page shows your gang's
status, balance, how many members are online and a roster with everyone's role and when they were
last active. It updates live as members join and leave the server.

## Etiquette

- Don't poach members from another gang's base chat.
- Leaders: set a minimum level that matches what you expect, rather than kicking people later.
- Gang wars happen in the warzone only. Griefing a gang base anywhere else breaks the [rules](/docs?doc=rules).
`;

const auction = `# The Auction House

The auction house is the server's marketplace. Players sell in game; anyone with a linked account
can buy **in game or right here on the website**.

## Buying on the website

1. Sign in and open [Auction](/auction).
2. Pick a category: ores, blocks, tools, armour, enchanted books, potions, food, crate keys,
   spawners, cosmetics and more. Each shows how many listings it has and its price range.
3. Sort or filter the listings, then choose **Buy**.
4. Pick the quantity with the slider and confirm.

The price is taken from your balance straight away, and the items **arrive in your inventory in
game at once**. If you are offline, they are handed over the moment you next join.

> **Purchases are final.** There are no refunds, so check the quantity and the price per item
> before you confirm. You cannot buy your own listings.

## Selling in game

Hold the item you want to sell and type:

\`\`\`
/ah sell <price per item> [amount]
\`\`\`

- The price is **per item**: \`/ah sell 2500 64\` lists 64 items at $2,500 each.
- Your listing appears on the website right away, in the category that fits the item.
- When someone buys, the money is paid into your balance, even while you are offline.
- \`/ah listings\` shows your listings; \`/ah cancel <listing>\` withdraws whatever has not sold.

## Good trading habits

| Do | Don't |
|---|---|
| Check recent prices on the site before listing | List at 100× the usual price to bait misclicks |
| Split big stacks so more buyers can afford them | Promise items in chat you have not listed |
| Use the auction house for trades with strangers | Trade real money for in-game items (it is a bannable offence) |

Trades between friends can also happen face to face with \`/trade <player>\`; both sides confirm
before anything moves.
`;

const rules = `# Server Rules

These rules keep the server fair and fun. Playing here means accepting them. Staff may act on
anything that clearly goes against their spirit, even if it is not written down word for word.

## 1. Respect

1. Be respectful to players and staff. No harassment, hate speech, slurs or threats.
2. Keep chat in English in global chat; any language is fine in private messages and gang chat.
3. No spam, excessive caps or advertising other servers.

## 2. Fair play

1. **No cheats**: hacked clients, x-ray packs, auto-clickers and macros are forbidden.
2. **No AFK mining machines.** You must be at your keyboard while you mine.
3. Report bugs and exploits to staff instead of using them. Using a known exploit is treated like
   cheating.
4. One account per person on the leaderboard. Alternate accounts may not feed money or items to
   your main.

## 3. Trading and the economy

1. Honour the trades you agree to. Scamming is punished and stolen items are removed.
2. **No real-money trading**: selling items, money or accounts for anything outside the game.
3. Auction house purchases are final; staff cannot reverse them.

## 4. Gangs and PvP

1. PvP and gang fights happen in the warzone only.
2. Don't grief gang bases or trap players outside the warzone.
3. Spawn-camping new players is not allowed.

## 5. Accounts

1. You are responsible for your account and your website password. Never share them.
2. Staff will **never** ask for your password.

## Punishments

| Offence | First time | Again |
|---|---|---|
| Spam, caps, mild insults | Warning | Mute (1 hour to 1 day) |
| Harassment, hate speech | Mute (7 days) | Ban |
| AFK machines, macros | Temporary ban (3 days) | Ban |
| Cheats, x-ray, exploiting | Ban | — |
| Scamming, real-money trading | Ban and item removal | — |

Appeals go through the community invite link in the site footer. Be honest: appeals that admit
the mistake are far more likely to succeed.
`;

const gkits = `# G-Kits

G-Kits are free kits you can claim again and again, each on its own cooldown. Your profile's
**G-Kits** tab shows every kit with its level and a badge: **Locked**, **Cooldown** (with a
countdown) or **Ready**.

| Kit | Unlocks at | Cooldown | What's inside |
|---|---|---|---|
| Miner | Level 1 | 12 hours | Pickaxe upgrades, food, a few ore boosters |
| Excavator | Level 10 | 24 hours | Energy, shovel and a mine key |
| Alchemist | Level 20 | 24 hours | Potions of haste, transfuse shards |
| Warden | Level 30 | 48 hours | PvP gear from Warden's Arsenal |
| Tycoon | Level 45 | 72 hours | Money pouches and sell multipliers |
| Ascendant | Prestige 1 | 7 days | Prestige tokens and a legendary key |

## Claiming

\`\`\`
/gkit            # open the kit menu
/gkit miner      # claim one kit
\`\`\`

## Levelling kits

Each kit levels up as you use it (most go up to **level 5**, Ascendant to **level 3**). A higher
kit level means more and better items from the same cooldown.
`;

export const DEMO_GUIDES: DemoGuide[] = [
  { title: 'Joining the Server', slug: 'joining-the-server', content: joining },
  { title: 'Ranks, Levels & Prestige', slug: 'ranks-and-prestige', content: ranks },
  { title: 'Enchants Guide', slug: 'enchants', content: enchants },
  { title: 'Gangs', slug: 'gangs', content: gangs },
  { title: 'The Auction House', slug: 'auction-house', content: auction },
  { title: 'Server Rules', slug: 'rules', content: rules },
  { title: 'G-Kits', slug: 'gkits', content: gkits },
];
