CREATE TABLE "discord_link_states" (
	"state" text PRIMARY KEY NOT NULL,
	"player_uuid" uuid NOT NULL,
	"verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" bigint NOT NULL,
	"event" text NOT NULL,
	"data" jsonb NOT NULL,
	"event_key" text,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"parked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_messages_state_check" CHECK ("webhook_messages"."state" in ('waiting', 'sent', 'parked'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"created_by_uuid" uuid,
	"created_by_name" text NOT NULL,
	"hold_until" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "discord_id" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "discord_name" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "discord_linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "server_status" ADD COLUMN "quiet_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discord_link_states" ADD CONSTRAINT "discord_link_states_player_uuid_players_uuid_fk" FOREIGN KEY ("player_uuid") REFERENCES "public"."players"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_messages_waiting_idx" ON "webhook_messages" USING btree ("next_at","id") WHERE "webhook_messages"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "webhook_messages_webhook_idx" ON "webhook_messages" USING btree ("webhook_id","state","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_messages_event_idx" ON "webhook_messages" USING btree ("webhook_id","event_key") WHERE "webhook_messages"."event_key" is not null;--> statement-breakpoint
CREATE INDEX "webhook_messages_created_idx" ON "webhook_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "players_discord_idx" ON "players" USING btree ("discord_id") WHERE "players"."discord_id" is not null;