// The whole domain, in one PostgreSQL schema used on both PGlite and PostgreSQL.
// Money is numeric(40,2): exact, summed in SQL, and roomy enough for prison economies (1e15+).
import { MILESTONE_TYPES } from '@prison/shared/players';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 40, scale: 2 });
const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => time('created_at').notNull().defaultNow();

export const players = pgTable(
  'players',
  {
    uuid: uuid('uuid').primaryKey(),
    username: text('username').notNull(),
    rank: text('rank').notNull().default('ROOKIE'),
    level: integer('level').notNull().default(1),
    prestige: integer('prestige').notNull().default(0),
    xp: bigint('xp', { mode: 'number' }).notNull().default(0),
    lifetimeXp: bigint('lifetime_xp', { mode: 'number' }).notNull().default(0),
    balance: money('balance').notNull().default('0'),
    online: boolean('online').notNull().default(false),
    firstLoginAt: time('first_login_at'),
    lastLoginAt: time('last_login_at'),
    lastLogoutAt: time('last_logout_at'),
    lastSeenAt: time('last_seen_at'),
    /** The player hides their statistics and milestones from their public page. */
    statsHidden: boolean('stats_hidden').notNull().default(false),
    /** The player hides the punishment history section of their public page. */
    punishmentsHidden: boolean('punishments_hidden').notNull().default(false),
    /** The game server (its credential's name) the player last joined: where their deliveries go. */
    server: text('server'),
    /** The kinds of notification the player turned off (packages/shared/src/notifications.ts). */
    notificationsOff: text('notifications_off').array().notNull().default(sql`'{}'::text[]`),
    /** The Discord account the player linked from /profile (OAuth2): its id and its name when linked. */
    discordId: text('discord_id'),
    discordName: text('discord_name'),
    discordLinkedAt: time('discord_linked_at'),
    createdAt: created(),
  },
  (t) => [
    index('players_username_lower_idx').on(sql`lower(${t.username})`),
    // Search by name prefix: a range of this index, in byte order whatever the database's collation,
    // and the same over online players only (a few hundred), who are listed first.
    index('players_username_prefix_idx').on(sql`(lower(${t.username}) collate "C")`),
    index('players_online_username_prefix_idx')
      .on(sql`(lower(${t.username}) collate "C")`)
      .where(sql`${t.online}`),
    // One index per leaderboard metric, in its exact order (ties by XP, then name), so a top-100
    // read is an index scan however many players there are.
    index('players_level_idx').on(t.level.desc(), t.xp.desc(), t.username),
    index('players_xp_idx').on(t.xp.desc(), t.username),
    index('players_prestige_idx').on(t.prestige.desc(), t.xp.desc(), t.username),
    index('players_balance_idx').on(t.balance.desc(), t.xp.desc(), t.username),
    index('players_last_seen_idx').on(t.lastSeenAt),
    // A Discord account is linked to one player at most.
    uniqueIndex('players_discord_idx').on(t.discordId).where(sql`${t.discordId} is not null`),
  ],
);

export const accounts = pgTable('accounts', {
  playerUuid: uuid('player_uuid')
    .primaryKey()
    .references(() => players.uuid, { onDelete: 'cascade' }),
  passwordHash: text('password_hash'),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  /** The site language the player chose (packages/shared/src/languages.ts); null until they choose. */
  language: text('language'),
  createdAt: created(),
  updatedAt: time('updated_at').notNull().defaultNow(),
});

// Refresh tokens are stored only as a hash; a family is one sign-in and all its rotations.
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id').notNull(),
    playerUuid: uuid('player_uuid')
      .notNull()
      .references(() => players.uuid, { onDelete: 'cascade' }),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
    revokedAt: time('revoked_at'),
    createdAt: created(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_player_idx').on(t.playerUuid),
  ],
);

// One signed-in session: a sign-in and every rotation of its refresh token (refresh_tokens.family_id).
// Its access tokens name it (the `sid` claim); once revoked, they are refused on the next request.
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    playerUuid: uuid('player_uuid')
      .notNull()
      .references(() => players.uuid, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    address: text('address'),
    createdAt: created(),
    lastUsedAt: time('last_used_at').notNull().defaultNow(),
    revokedAt: time('revoked_at'),
    /**
     * How it was signed in: 'password', 'password_and_code' (a current code, or the code that turned
     * two-factor sign-in on in this session) or 'recovery_code'. With STAFF_2FA=required, staff routes
     * take only a session past a second factor. Sessions from before it was recorded are 'password'.
     */
    signIn: text('sign_in').notNull().default('password'),
  },
  (t) => [index('sessions_player_idx').on(t.playerUuid)],
);

// Two-factor sign-in (TOTP, RFC 6238): the shared secret, active once enabled_at is set. last_step is
// the newest time step a code was accepted for, so no code is accepted twice.
export const twoFactor = pgTable('two_factor', {
  playerUuid: uuid('player_uuid')
    .primaryKey()
    .references(() => players.uuid, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: time('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: created(),
});

// One-time recovery codes of two-factor sign-in, stored only as a hash.
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerUuid: uuid('player_uuid')
      .notNull()
      .references(() => players.uuid, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: time('used_at'),
  },
  (t) => [index('recovery_codes_player_idx').on(t.playerUuid)],
);

// Every change to a player's balance; the sum of a player's rows equals their balance.
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerUuid: uuid('player_uuid')
      .notNull()
      .references(() => players.uuid, { onDelete: 'cascade' }),
    delta: money('delta').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    createdAt: created(),
  },
  (t) => [
    index('ledger_player_idx').on(t.playerUuid),
    // A purchase's two rows, which its delivery carries to the game server.
    index('ledger_reference_idx').on(t.reference).where(sql`${t.reference} is not null`),
  ],
);

export const playerStats = pgTable(
  'player_stats',
  {
    playerUuid: uuid('player_uuid')
      .notNull()
      .references(() => players.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerUuid, t.name] })],
);

export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: time('occurred_at').notNull(),
    actorUuid: uuid('actor_uuid')
      .notNull()
      .references(() => players.uuid, { onDelete: 'cascade' }),
    targetUuid: uuid('target_uuid').references(() => players.uuid, { onDelete: 'set null' }),
    activityType: text('activity_type').notNull(),
    activityText: text('activity_text'),
  },
  (t) => [
    index('activity_actor_idx').on(t.actorUuid, t.id.desc()),
    index('activity_target_idx').on(t.targetUuid, t.id.desc()),
    index('activity_occurred_idx').on(t.occurredAt.desc()),
    // A player's public milestones, newest first, without reading past their chat and messages.
    index('activity_milestones_idx')
      .on(t.actorUuid, t.occurredAt.desc(), t.id.desc())
      .where(sql.raw(`activity_type in (${MILESTONE_TYPES.map((type) => `'${type}'`).join(', ')})`)),
  ],
);

export const gkitStates = pgTable(
  'gkit_states',
  {
    playerUuid: uuid('player_uuid')
      .notNull()
      .references(() => players.uuid, { onDelete: 'cascade' }),
    kitId: text('kit_id').notNull(),
    unlocked: boolean('unlocked').notNull(),
    level: integer('level').notNull(),
    cooldownEndsAt: time('cooldown_ends_at'),
    lastClaimedAt: time('last_claimed_at'),
  },
  (t) => [primaryKey({ columns: [t.playerUuid, t.kitId] })],
);

// Stored both ways (a -> b and b -> a) so either side reads its friends with one index.
export const friendships = pgTable(
  'friendships',
  {
    playerUuid: uuid('player_uuid')
      .notNull()
      .references(() => players.uuid, { onDelete: 'cascade' }),
    friendUuid: uuid('friend_uuid')
      .notNull()
      .references(() => players.uuid, { onDelete: 'cascade' }),
    since: time('since').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerUuid, t.friendUuid] }),
    check('friendships_not_self', sql`${t.playerUuid} <> ${t.friendUuid}`),
  ],
);

export const gangs = pgTable(
  'gangs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    color: text('color'),
    minLevel: integer('min_level').notNull().default(0),
    balance: money('balance').notNull().default('0'),
    createdAt: created(),
  },
  (t) => [index('gangs_balance_idx').on(t.balance.desc())],
);

// A player belongs to at most one gang.
export const gangMembers = pgTable(
  'gang_members',
  {
    playerUuid: uuid('player_uuid')
      .primaryKey()
      .references(() => players.uuid, { onDelete: 'cascade' }),
    gangId: text('gang_id')
      .notNull()
      .references(() => gangs.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    joinedAt: time('joined_at').notNull(),
  },
  (t) => [index('gang_members_gang_idx').on(t.gangId)],
);

export const auctionCategories = pgTable('auction_categories', {
  key: text('key').primaryKey(),
  displayName: text('display_name').notNull(),
  icon: text('icon').notNull(),
});

export const auctionListings = pgTable(
  'auction_listings',
  {
    id: text('id').primaryKey(),
    sellerUuid: uuid('seller_uuid')
      .notNull()
      .references(() => players.uuid, { onDelete: 'cascade' }),
    categoryKey: text('category_key')
      .notNull()
      .references(() => auctionCategories.key),
    itemName: text('item_name').notNull(),
    itemIcon: text('item_icon').notNull(),
    // The game's own form of the item (opaque to the site, handed back with its deliveries), and its
    // enchantments by the catalogue's keys: [{key, level}].
    itemData: text('item_data'),
    itemEnchants: jsonb('item_enchants').$type<{ key: string; level: number }[]>().notNull().default([]),
    qtyListed: integer('qty_listed').notNull(),
    qtyLeft: integer('qty_left').notNull(),
    // Unit price.
    price: money('price').notNull(),
    listedAt: time('listed_at').notNull(),
    cancelledAt: time('cancelled_at'),
  },
  (t) => [
    check('auction_listings_qty_left', sql`${t.qtyLeft} >= 0 and ${t.qtyLeft} <= ${t.qtyListed}`),
    check('auction_listings_price', sql`${t.price} > 0`),
    index('auction_listings_active_idx')
      .on(t.categoryKey, t.price)
      .where(sql`${t.cancelledAt} is null and ${t.qtyLeft} > 0`),
    // A category's listings by quantity, a page at a time (auction/listings.ts orders ties by id
    // compared byte by byte).
    index('auction_listings_active_qty_idx')
      .on(t.categoryKey, t.qtyLeft, sql`${t.id} collate "C"`)
      .where(sql`${t.cancelledAt} is null and ${t.qtyLeft} > 0`),
  ],
);

export const auctionPurchases = pgTable(
  'auction_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: text('listing_id')
      .notNull()
      .references(() => auctionListings.id),
    buyerUuid: uuid('buyer_uuid')
      .notNull()
      .references(() => players.uuid),
    sellerUuid: uuid('seller_uuid')
      .notNull()
      .references(() => players.uuid),
    qty: integer('qty').notNull(),
    unitPrice: money('unit_price').notNull(),
    total: money('total').notNull(),
    // A retried request with the same key answers the stored response instead of buying twice.
    idempotencyKey: text('idempotency_key'),
    response: jsonb('response'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('auction_purchases_idempotency_idx').on(t.buyerUuid, t.idempotencyKey),
    index('auction_purchases_listing_idx').on(t.listingId),
  ],
);

// The outbox to the game server: one row per purchase, pending until acknowledged.
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .unique()
      .references(() => auctionPurchases.id),
    playerUuid: uuid('player_uuid')
      .notNull()
      .references(() => players.uuid),
    itemName: text('item_name').notNull(),
    itemIcon: text('item_icon').notNull(),
    qty: integer('qty').notNull(),
    createdAt: created(),
    deliveredAt: time('delivered_at'),
    // The game server's connection that was handed it, until when (bridge/delivery-feed.ts): offered
    // to no other until then, and again to any once the lease ends or the connection closes.
    takenBy: uuid('taken_by'),
    leaseUntil: time('lease_until'),
  },
  (t) => [
    index('deliveries_pending_idx').on(t.createdAt).where(sql`${t.deliveredAt} is null`),
    // The console's count of those acknowledged lately (the Servers page).
    index('deliveries_delivered_idx').on(t.deliveredAt).where(sql`${t.deliveredAt} is not null`),
  ],
);

export const docs = pgTable('docs', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  authorUuid: uuid('author_uuid').references(() => players.uuid, { onDelete: 'set null' }),
  createdAt: created(),
  updatedAt: time('updated_at').notNull().defaultNow(),
  /** The current revision's number: an edit names the one it started from (409 if it moved). */
  revision: integer('revision').notNull().default(1),
  /** Deleted docs leave the list; staff see and restore them. */
  deletedAt: time('deleted_at'),
});

// Every revision of every doc, the current one included: the history, and what a restore copies.
export const docRevisions = pgTable(
  'doc_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    docId: integer('doc_id')
      .notNull()
      .references(() => docs.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    authorUuid: uuid('author_uuid').references(() => players.uuid, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('doc_revisions_doc_revision_idx').on(t.docId, t.revision)],
);

// Every staff action, written before it takes effect. Append-only: a trigger refuses any UPDATE or
// DELETE (migration 0003), so the actor is a plain id, not a reference a deleted player would change.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: time('at').notNull().defaultNow(),
    /** Who acted: a player's uuid, or null for the server's command line. */
    actorUuid: uuid('actor_uuid'),
    /** Their name when it was recorded ('command line' for the CLI). */
    actorName: text('actor_name').notNull(),
    /** What they did, e.g. 'doc.edit', 'rcon.command', '2fa.enable', 'auth.staff_login'. */
    action: text('action').notNull(),
    /** What it was done to: a doc's slug, a command, an account. */
    target: text('target'),
    /** How it went: 'ok', 'refused', 'failed'... */
    outcome: text('outcome').notNull(),
    /** More about it: the error, the roles set, the revision made. */
    detail: jsonb('detail'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorUuid, t.at.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
  ],
);

// Audit of every command staff sent to the game server.
export const staffCommands = pgTable(
  'staff_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffUuid: uuid('staff_uuid')
      .notNull()
      .references(() => players.uuid),
    command: text('command').notNull(),
    output: text('output'),
    error: text('error'),
    createdAt: created(),
  },
  (t) => [index('staff_commands_created_idx').on(t.createdAt.desc())],
);

// XP gained server-wide per hour, for the admin dashboard's 24-hour series.
export const xpHourly = pgTable('xp_hourly', {
  hour: time('hour').primaryKey(),
  xp: bigint('xp', { mode: 'number' }).notNull(),
});

// One row (id 1): the game server's last report of its online count.
export const serverStatus = pgTable('server_status', {
  id: integer('id').primaryKey(),
  online: integer('online').notNull(),
  maxOnline: integer('max_online'),
  tps: doublePrecision('tps'),
  mspt: doublePrecision('mspt'),
  reportedAt: time('reported_at').notNull(),
  /**
   * Whether the webhooks were last told the game server went quiet: set by the one process that
   * sees it first, cleared by the report that follows (modules/webhooks).
   */
  quietSince: time('quiet_since'),
});

// The status page's history: one row per minute in which the game server reported (by the report's
// own time), kept 90 days; older minutes are folded into hourly rows.
export const statusSamples = pgTable('status_samples', {
  minute: time('minute').primaryKey(),
  /** The last count reported in that minute, and the most seen in it. */
  online: integer('online').notNull(),
  peak: integer('peak').notNull(),
  maxOnline: integer('max_online'),
  tps: doublePrecision('tps'),
  mspt: doublePrecision('mspt'),
});

export const statusHourly = pgTable('status_hourly', {
  hour: time('hour').primaryKey(),
  /** The mean of the hour's minute samples, and the most seen in it. */
  online: integer('online').notNull(),
  peak: integer('peak').notNull(),
  samples: integer('samples').notNull(),
});

// Each game server's credential for the bridge (BRIDGE_TOKEN is a built-in one, not stored here). The
// token is kept only as its SHA-256 hash: it is a random 256-bit value, so a slow hash adds nothing.
// A name is unique among the credentials not revoked, so a game server's leaked credential can be
// revoked and replaced under the same name.
export const bridgeCredentials = pgTable(
  'bridge_credentials',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: created(),
    /** Who made it: an owner's name when they did, or 'command line'. */
    createdBy: text('created_by').notNull(),
    revokedAt: time('revoked_at'),
    /** Recorded at most once a minute, not on every request. */
    lastUsedAt: time('last_used_at'),
  },
  (t) => [
    uniqueIndex('bridge_credentials_token_idx').on(t.tokenHash),
    uniqueIndex('bridge_credentials_name_idx').on(t.name).where(sql`revoked_at is null`),
  ],
);

// The game servers' delivery sockets open now, in every process: a delivery for a player on a
// server with a live socket waits for that socket; the others go to any. A row not seen for a while
// is a process that stopped without closing its sockets.
export const bridgeConnections = pgTable('bridge_connections', {
  id: uuid('id').primaryKey(),
  /** The credential's name the socket connected with. */
  server: text('server').notNull(),
  connectedAt: time('connected_at').notNull().defaultNow(),
  seenAt: time('seen_at').notNull().defaultNow(),
});

// The newest batches the game servers sent, applied or refused, for the admin console's bridge
// inspector (modules/bridge/batch-log.ts keeps the newest 500).
export const bridgeBatches = pgTable('bridge_batches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The credential's name the batch came with ("default" for BRIDGE_TOKEN). */
  server: text('server').notNull(),
  receivedAt: time('received_at').notNull().defaultNow(),
  applied: integer('applied').notNull(),
  skipped: integer('skipped').notNull(),
  /** How many events were refused (a batch is refused as a whole: then applied is 0). */
  refused: integer('refused').notNull(),
  /** The refusals, [{index, code, reason}], the first ones only, each reason cut short. */
  errors: jsonb('errors').notNull().default(sql`'[]'::jsonb`),
});

// Ids of bridge events already applied: a repeated id is skipped, forever.
export const bridgeEvents = pgTable('bridge_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  appliedAt: time('applied_at').notNull().defaultNow(),
});

// Bans, mutes, warnings and kicks, from the game server's events (source 'game', the plugin's id) or
// followed from a LiteBans database (source 'litebans', '<table>:<id>'). Players and staff are kept
// by uuid and name as the punishment named them: a punished player need not be known to the site.
// Silent punishments, addresses and staff notes are for the console only (modules/punishments).
export const punishments = pgTable(
  'punishments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    type: text('type').notNull(),
    playerUuid: uuid('player_uuid').notNull(),
    playerName: text('player_name').notNull(),
    /** Null for the console. */
    staffUuid: uuid('staff_uuid'),
    staffName: text('staff_name'),
    reason: text('reason'),
    issuedAt: time('issued_at').notNull(),
    /** Null: permanent (always null for a kick). */
    until: time('until'),
    silent: boolean('silent').notNull().default(false),
    byAddress: boolean('by_address').notNull().default(false),
    address: text('address'),
    note: text('note'),
    /** The game server (its credential's name) that reported it. */
    server: text('server'),
    revokedAt: time('revoked_at'),
    revokedByUuid: uuid('revoked_by_uuid'),
    revokedByName: text('revoked_by_name'),
    revokeReason: text('revoke_reason'),
    createdAt: created(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('punishments_source_idx').on(t.source, t.sourceId),
    check('punishments_type_check', sql`${t.type} in ('ban', 'mute', 'warning', 'kick')`),
    // The public list, newest first, of every type or one; silent ones are never listed.
    index('punishments_public_idx').on(t.issuedAt.desc(), t.id.desc()).where(sql`not ${t.silent}`),
    index('punishments_public_type_idx')
      .on(t.type, t.issuedAt.desc(), t.id.desc())
      .where(sql`not ${t.silent}`),
    index('punishments_player_idx').on(t.playerUuid, t.issuedAt.desc(), t.id.desc()),
    // Search by a name's prefix, in byte order whatever the database's collation.
    index('punishments_player_name_idx').on(sql`(lower(${t.playerName}) collate "C")`),
    index('punishments_staff_name_idx').on(sql`(lower(${t.staffName}) collate "C")`),
    // The latest change, for the console's live moderation feed.
    index('punishments_updated_idx').on(t.updatedAt),
  ],
);

// A player's appeal of one of their bans or mutes: one per punishment, answered by staff.
export const punishmentAppeals = pgTable(
  'punishment_appeals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    punishmentId: bigint('punishment_id', { mode: 'number' })
      .notNull()
      .references(() => punishments.id, { onDelete: 'cascade' }),
    playerUuid: uuid('player_uuid').notNull(),
    text: text('text').notNull(),
    /** 'open', then 'accepted' (the punishment is revoked through the game) or 'denied'. */
    state: text('state').notNull().default('open'),
    reply: text('reply'),
    decidedByUuid: uuid('decided_by_uuid'),
    decidedByName: text('decided_by_name'),
    decidedAt: time('decided_at'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('punishment_appeals_punishment_idx').on(t.punishmentId),
    index('punishment_appeals_player_idx').on(t.playerUuid, t.createdAt.desc()),
    index('punishment_appeals_state_idx').on(t.state, t.createdAt),
    check('punishment_appeals_state_check', sql`${t.state} in ('open', 'accepted', 'denied')`),
  ],
);

// How far the site has followed each table of a LiteBans database (modules/punishments/litebans.ts):
// the highest row id read, so that a restart resumes where it stopped.
export const litebansCursor = pgTable('litebans_cursor', {
  tableName: text('table_name').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  syncedAt: time('synced_at'),
});

// What staff asked the game server to do about a player (a punishment or a pardon), the command
// sent over RCON and how it went. The punishment itself is recorded when the game reports it.
export const punishmentActions = pgTable(
  'punishment_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'ban', 'mute', 'warning', 'kick' or 'pardon'. */
    kind: text('kind').notNull(),
    playerUuid: uuid('player_uuid').notNull(),
    playerName: text('player_name').notNull(),
    staffUuid: uuid('staff_uuid').notNull(),
    reason: text('reason'),
    durationSeconds: integer('duration_seconds'),
    /** For a pardon: the punishment lifted. */
    punishmentId: bigint('punishment_id', { mode: 'number' }).references(() => punishments.id, {
      onDelete: 'set null',
    }),
    command: text('command').notNull(),
    /** How it reaches the game server: 'rcon' (its command, at once) or 'plugin' (this row is the outbox). */
    via: text('via').notNull().default('rcon'),
    /**
     * 'sending', then 'sent' (the game server answered, or carried it out) or 'failed' (it did not
     * get it, or refused). For the plugin, 'sending' is waiting in the outbox.
     */
    state: text('state').notNull().default('sending'),
    output: text('output'),
    error: text('error'),
    /** The plugin's delivery socket that holds it (bridge_connections.id) until the lease ends. */
    takenBy: uuid('taken_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    index('punishment_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The plugin's outbox: what waits for the game server, oldest first.
    index('punishment_actions_waiting_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.via} = 'plugin' and ${t.state} = 'sending'`),
  ],
);

// What happened to a player, told to them on the site: written in the transaction of the write that
// caused it, kept NOTIFICATIONS_KEEP_DAYS (modules/notifications).
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerUuid: uuid('player_uuid')
      .notNull()
      .references(() => players.uuid, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_KINDS. */
    kind: text('kind').notNull(),
    /** The kind's facts (NOTIFICATION_DATA). */
    data: jsonb('data').notNull(),
    createdAt: created(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // A player's list, newest first, and their unread count.
    index('notifications_player_idx').on(t.playerUuid, t.id.desc()),
    index('notifications_unread_idx').on(t.playerUuid).where(sql`${t.readAt} is null`),
    // Retention: the oldest first.
    index('notifications_created_idx').on(t.createdAt),
  ],
);

// A pending Discord account link (modules/auth/discord-link.ts): the OAuth2 state and the PKCE
// verifier of a player's trip to Discord and back, kept ten minutes at most.
export const discordLinkStates = pgTable('discord_link_states', {
  state: text('state').primaryKey(),
  playerUuid: uuid('player_uuid')
    .notNull()
    .references(() => players.uuid, { onDelete: 'cascade' }),
  verifier: text('verifier').notNull(),
  createdAt: created(),
});

// The owner's Discord webhook addresses (modules/webhooks). The address is a secret: never answered
// in full. Nothing is sent to it before hold_until (Discord's rate limit, as its headers said).
export const webhooks = pgTable('webhooks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  url: text('url').notNull(),
  /** WEBHOOK_EVENTS it receives. */
  events: text('events').array().notNull(),
  createdByUuid: uuid('created_by_uuid'),
  createdByName: text('created_by_name').notNull(),
  holdUntil: timestamp('hold_until', { withTimezone: true }),
  /** A process sending this address's messages, in order, holds it until then. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: created(),
});

// The webhooks' outbox: one message per event and address, written in the transaction of the write
// that caused the event. 'waiting' until sent ('sent') or, after WEBHOOK_MAX_ATTEMPTS failures or a
// refusal for good, 'parked' until an owner retries it. A process sends an address's messages
// while it holds the address's lease.
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: bigint('webhook_id', { mode: 'number' })
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** One of WEBHOOK_EVENTS. */
    event: text('event').notNull(),
    /** The event's facts, worded into Discord's format when sent. */
    data: jsonb('data').notNull(),
    /** One event's identity: the same event is queued once per address (server down and up). */
    eventKey: text('event_key'),
    state: text('state').notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    parkedAt: timestamp('parked_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    // What waits, by when it may go.
    index('webhook_messages_waiting_idx').on(t.nextAt, t.id).where(sql`${t.state} = 'waiting'`),
    index('webhook_messages_webhook_idx').on(t.webhookId, t.state, t.id.desc()),
    uniqueIndex('webhook_messages_event_idx')
      .on(t.webhookId, t.eventKey)
      .where(sql`${t.eventKey} is not null`),
    index('webhook_messages_created_idx').on(t.createdAt),
    check('webhook_messages_state_check', sql`${t.state} in ('waiting', 'sent', 'parked')`),
  ],
);
