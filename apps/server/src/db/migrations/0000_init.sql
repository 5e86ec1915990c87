CREATE TABLE "accounts" (
	"player_uuid" uuid PRIMARY KEY NOT NULL,
	"password_hash" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_uuid" uuid NOT NULL,
	"target_uuid" uuid,
	"activity_type" text NOT NULL,
	"activity_text" text
);
--> statement-breakpoint
CREATE TABLE "auction_categories" (
	"key" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"icon" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_listings" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_uuid" uuid NOT NULL,
	"category_key" text NOT NULL,
	"item_name" text NOT NULL,
	"item_icon" text NOT NULL,
	"qty_listed" integer NOT NULL,
	"qty_left" integer NOT NULL,
	"price" numeric(40, 2) NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "auction_listings_qty_left" CHECK ("auction_listings"."qty_left" >= 0 and "auction_listings"."qty_left" <= "auction_listings"."qty_listed"),
	CONSTRAINT "auction_listings_price" CHECK ("auction_listings"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "auction_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" text NOT NULL,
	"buyer_uuid" uuid NOT NULL,
	"seller_uuid" uuid NOT NULL,
	"qty" integer NOT NULL,
	"unit_price" numeric(40, 2) NOT NULL,
	"total" numeric(40, 2) NOT NULL,
	"idempotency_key" text,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bridge_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"player_uuid" uuid NOT NULL,
	"item_name" text NOT NULL,
	"item_icon" text NOT NULL,
	"qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "deliveries_purchase_id_unique" UNIQUE("purchase_id")
);
--> statement-breakpoint
CREATE TABLE "docs" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"author_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "docs_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "friendships" (
	"player_uuid" uuid NOT NULL,
	"friend_uuid" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "friendships_player_uuid_friend_uuid_pk" PRIMARY KEY("player_uuid","friend_uuid"),
	CONSTRAINT "friendships_not_self" CHECK ("friendships"."player_uuid" <> "friendships"."friend_uuid")
);
--> statement-breakpoint
CREATE TABLE "gang_members" (
	"player_uuid" uuid PRIMARY KEY NOT NULL,
	"gang_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gangs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"color" text,
	"min_level" integer DEFAULT 0 NOT NULL,
	"balance" numeric(40, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gkit_states" (
	"player_uuid" uuid NOT NULL,
	"kit_id" text NOT NULL,
	"unlocked" boolean NOT NULL,
	"level" integer NOT NULL,
	"cooldown_ends_at" timestamp with time zone,
	"last_claimed_at" timestamp with time zone,
	CONSTRAINT "gkit_states_player_uuid_kit_id_pk" PRIMARY KEY("player_uuid","kit_id")
);
--> statement-breakpoint
CREATE TABLE "ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_uuid" uuid NOT NULL,
	"delta" numeric(40, 2) NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_stats" (
	"player_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_stats_player_uuid_name_pk" PRIMARY KEY("player_uuid","name")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"rank" text DEFAULT 'ROOKIE' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"prestige" integer DEFAULT 0 NOT NULL,
	"xp" bigint DEFAULT 0 NOT NULL,
	"lifetime_xp" bigint DEFAULT 0 NOT NULL,
	"balance" numeric(40, 2) DEFAULT '0' NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"first_login_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"last_logout_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"player_uuid" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_status" (
	"id" integer PRIMARY KEY NOT NULL,
	"online" integer NOT NULL,
	"max_online" integer,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_uuid" uuid NOT NULL,
	"command" text NOT NULL,
	"output" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xp_hourly" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"xp" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_player_uuid_players_uuid_fk" FOREIGN KEY ("player_uuid") REFERENCES "public"."players"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_actor_uuid_players_uuid_fk" FOREIGN KEY ("actor_uuid") REFERENCES "public"."players"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_target_uuid_players_uuid_fk" FOREIGN KEY ("target_uuid") REFERENCES "public"."players"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_listings" ADD CONSTRAINT "auction_listings_seller_uuid_players_uuid_fk" FOREIGN KEY ("seller_uuid") REFERENCES "public"."players"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_listings" ADD CONSTRAINT "auction_listings_category_key_auction_categories_key_fk" FOREIGN KEY ("category_key") REFERENCES "public"."auction_categories"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_purchases" ADD CONSTRAINT "auction_purchases_listing_id_auction_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."auction_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_purchases" ADD CONSTRAINT "auction_purchases_buyer_uuid_players_uuid_fk" FOREIGN KEY ("buyer_uuid") REFERENCES "public"."players"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_purchases" ADD CONSTRAINT "auction_purchases_seller_uuid_players_uuid_fk" FOREIGN KEY ("seller_uuid") REFERENCES "public"."players"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_purchase_id_auction_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."auction_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_player_uuid_players_uuid_fk" FOREIGN KEY ("player_uuid") REFERENCES "public"."players"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docs" ADD CONSTRAINT "docs_author_uuid_players_uuid_fk" FOREIGN KEY ("author_uuid") REFERENCES "public"."players"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_player_uuid_players_uuid_fk" FOREIGN KEY ("player_uuid") REFERENCES "public"."players"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_friend_uuid_players_uuid_fk" FOREIGN KEY ("friend_uuid") REFERENCES "public"."players"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gang_members" ADD CONSTRAINT "gang_members_player_uuid_players_uuid_fk" FOREIGN KEY ("player_uuid") REFERENCES "public"."players"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gang_members" ADD CONSTRAINT "gang_members_gang_id_gangs_id_fk" FOREIGN KEY ("gang_id") REFERENCES "public"."gangs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gkit_states" ADD CONSTRAINT "gkit_states_player_uuid_players_uuid_fk" FOREIGN KEY ("player_uuid") REFERENCES "public"."players"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_player_uuid_players_uuid_fk" FOREIGN KEY ("player_uuid") REFERENCES "public"."players"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_stats" ADD CONSTRAINT "player_stats_player_uuid_players_uuid_fk" FOREIGN KEY ("player_uuid") REFERENCES "public"."players"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_player_uuid_players_uuid_fk" FOREIGN KEY ("player_uuid") REFERENCES "public"."players"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_commands" ADD CONSTRAINT "staff_commands_staff_uuid_players_uuid_fk" FOREIGN KEY ("staff_uuid") REFERENCES "public"."players"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_actor_idx" ON "activity" USING btree ("actor_uuid","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_target_idx" ON "activity" USING btree ("target_uuid","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_occurred_idx" ON "activity" USING btree ("occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auction_listings_active_idx" ON "auction_listings" USING btree ("category_key","price") WHERE "auction_listings"."cancelled_at" is null and "auction_listings"."qty_left" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "auction_purchases_idempotency_idx" ON "auction_purchases" USING btree ("buyer_uuid","idempotency_key");--> statement-breakpoint
CREATE INDEX "auction_purchases_listing_idx" ON "auction_purchases" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "deliveries_pending_idx" ON "deliveries" USING btree ("created_at") WHERE "deliveries"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "gang_members_gang_idx" ON "gang_members" USING btree ("gang_id");--> statement-breakpoint
CREATE INDEX "gangs_balance_idx" ON "gangs" USING btree ("balance" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_player_idx" ON "ledger" USING btree ("player_uuid");--> statement-breakpoint
CREATE INDEX "players_username_lower_idx" ON "players" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "players_level_idx" ON "players" USING btree ("level" DESC NULLS LAST,"xp" DESC NULLS LAST,"username");--> statement-breakpoint
CREATE INDEX "players_balance_idx" ON "players" USING btree ("balance" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "players_last_seen_idx" ON "players" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_player_idx" ON "refresh_tokens" USING btree ("player_uuid");--> statement-breakpoint
CREATE INDEX "staff_commands_created_idx" ON "staff_commands" USING btree ("created_at" DESC NULLS LAST);