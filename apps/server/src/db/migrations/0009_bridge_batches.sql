CREATE TABLE "bridge_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"server" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied" integer NOT NULL,
	"skipped" integer NOT NULL,
	"refused" integer NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
