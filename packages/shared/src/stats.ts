// Player statistics (spec 3 Stat categories): the names the game reports, grouped as the profile
// shows them. A name in no group is shown under Other.

export const STAT_CATEGORIES = {
  Blocks: [
    'BLOCKS_BROKEN',
    'COAL_ORE',
    'COAL_BLOCK',
    'IRON_ORE',
    'IRON_BLOCK',
    'GOLD_ORE',
    'GOLD_BLOCK',
    'DIAMOND_ORE',
    'DIAMOND_BLOCK',
    'EMERALD_ORE',
    'EMERALD_BLOCK',
    'FRACTURE_BLOCKS',
    'SHATTER_BLOCKS',
  ],
  'Enchant Activations': [
    'FEED_ACTIVATIONS',
    'TRANSFUSE_ACTIVATIONS',
    'ALCHEMY_ACTIVATIONS',
    'SUPER_BREAKER_ACTIVATIONS',
    'REPLENISH_ACTIVATIONS',
    'POWERBALL_ACTIVATIONS',
    'ORE_SURGE_ACTIVATIONS',
    'SHATTER_ACTIVATIONS',
  ],
  Resources: ['ENERGY_GAINED', 'ORES_GAINED', 'SHARDS_DISCOVERED'],
  // Times are epoch milliseconds (spec 9: a value above 1e12 is milliseconds); TIME_PLAYED is seconds.
  Time: ['TIME_PLAYED', 'FIRST_LOGIN', 'LAST_LOGIN', 'LAST_LOGOUT'],
  Progress: ['MOMENTUM'],
  Other: ['PLAYER_KILLS', 'DEATHS', 'QUESTS_COMPLETED', 'CRATES_OPENED'],
} as const;
export type StatCategory = keyof typeof STAT_CATEGORIES;

/** The stat the stats answer leaves out (spec 3 Player stats response). */
export const SKIPPED_STAT = 'MOMENTUM';
