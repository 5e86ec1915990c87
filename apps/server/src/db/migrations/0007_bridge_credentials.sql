CREATE TABLE "bridge_credentials" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bridge_credentials_token_idx" ON "bridge_credentials" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "bridge_credentials_name_idx" ON "bridge_credentials" USING btree ("name") WHERE revoked_at is null;