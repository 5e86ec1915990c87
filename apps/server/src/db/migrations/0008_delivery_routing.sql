CREATE TABLE "bridge_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"server" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "taken_by" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "server" text;