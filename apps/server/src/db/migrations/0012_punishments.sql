CREATE TABLE "litebans_cursor" (
	"table_name" text PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "punishment_appeals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"punishment_id" bigint NOT NULL,
	"player_uuid" uuid NOT NULL,
	"text" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"reply" text,
	"decided_by_uuid" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punishment_appeals_state_check" CHECK ("punishment_appeals"."state" in ('open', 'accepted', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "punishments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"type" text NOT NULL,
	"player_uuid" uuid NOT NULL,
	"player_name" text NOT NULL,
	"staff_uuid" uuid,
	"staff_name" text,
	"reason" text,
	"issued_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"silent" boolean DEFAULT false NOT NULL,
	"by_address" boolean DEFAULT false NOT NULL,
	"address" text,
	"note" text,
	"server" text,
	"revoked_at" timestamp with time zone,
	"revoked_by_uuid" uuid,
	"revoked_by_name" text,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punishments_type_check" CHECK ("punishments"."type" in ('ban', 'mute', 'warning', 'kick'))
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "punishments_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "punishment_appeals" ADD CONSTRAINT "punishment_appeals_punishment_id_punishments_id_fk" FOREIGN KEY ("punishment_id") REFERENCES "public"."punishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "punishment_appeals_punishment_idx" ON "punishment_appeals" USING btree ("punishment_id");--> statement-breakpoint
CREATE INDEX "punishment_appeals_player_idx" ON "punishment_appeals" USING btree ("player_uuid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "punishment_appeals_state_idx" ON "punishment_appeals" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "punishments_source_idx" ON "punishments" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "punishments_public_idx" ON "punishments" USING btree ("issued_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "punishments"."silent";--> statement-breakpoint
CREATE INDEX "punishments_public_type_idx" ON "punishments" USING btree ("type","issued_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "punishments"."silent";--> statement-breakpoint
CREATE INDEX "punishments_player_idx" ON "punishments" USING btree ("player_uuid","issued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "punishments_player_name_idx" ON "punishments" USING btree ((lower("player_name") collate "C"));--> statement-breakpoint
CREATE INDEX "punishments_staff_name_idx" ON "punishments" USING btree ((lower("staff_name") collate "C"));