CREATE TABLE "status_hourly" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"online" integer NOT NULL,
	"peak" integer NOT NULL,
	"samples" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_samples" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"online" integer NOT NULL,
	"peak" integer NOT NULL,
	"max_online" integer,
	"tps" double precision,
	"mspt" double precision
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "stats_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "server_status" ADD COLUMN "tps" double precision;--> statement-breakpoint
ALTER TABLE "server_status" ADD COLUMN "mspt" double precision;--> statement-breakpoint
CREATE INDEX "activity_milestones_idx" ON "activity" USING btree ("actor_uuid","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE activity_type in ('LEVEL_UP', 'PRESTIGE_UP', 'GKIT_UNLOCK', 'GKIT_LEVEL_UP', 'GANG_JOIN');--> statement-breakpoint
CREATE INDEX "players_username_prefix_idx" ON "players" USING btree ((lower("username") collate "C"));--> statement-breakpoint
CREATE INDEX "players_online_username_prefix_idx" ON "players" USING btree ((lower("username") collate "C")) WHERE "players"."online";