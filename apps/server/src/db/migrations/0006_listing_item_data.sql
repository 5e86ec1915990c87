ALTER TABLE "auction_listings" ADD COLUMN "item_data" text;--> statement-breakpoint
ALTER TABLE "auction_listings" ADD COLUMN "item_enchants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_reference_idx" ON "ledger" USING btree ("reference") WHERE "ledger"."reference" is not null;