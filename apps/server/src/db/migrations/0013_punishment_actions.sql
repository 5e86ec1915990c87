CREATE TABLE "punishment_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"player_uuid" uuid NOT NULL,
	"player_name" text NOT NULL,
	"staff_uuid" uuid NOT NULL,
	"reason" text,
	"duration_seconds" integer,
	"punishment_id" bigint,
	"command" text NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"output" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "punishment_actions" ADD CONSTRAINT "punishment_actions_punishment_id_punishments_id_fk" FOREIGN KEY ("punishment_id") REFERENCES "public"."punishments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "punishment_actions_created_idx" ON "punishment_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);