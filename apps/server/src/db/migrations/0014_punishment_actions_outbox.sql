ALTER TABLE "punishment_actions" ADD COLUMN "via" text DEFAULT 'rcon' NOT NULL;--> statement-breakpoint
ALTER TABLE "punishment_actions" ADD COLUMN "taken_by" uuid;--> statement-breakpoint
ALTER TABLE "punishment_actions" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "punishment_actions_waiting_idx" ON "punishment_actions" USING btree ("created_at","id") WHERE "punishment_actions"."via" = 'plugin' and "punishment_actions"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "punishments_updated_idx" ON "punishments" USING btree ("updated_at");