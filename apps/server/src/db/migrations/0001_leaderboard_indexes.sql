DROP INDEX "players_balance_idx";--> statement-breakpoint
CREATE INDEX "players_xp_idx" ON "players" USING btree ("xp" DESC NULLS LAST,"username");--> statement-breakpoint
CREATE INDEX "players_prestige_idx" ON "players" USING btree ("prestige" DESC NULLS LAST,"xp" DESC NULLS LAST,"username");--> statement-breakpoint
CREATE INDEX "players_balance_idx" ON "players" USING btree ("balance" DESC NULLS LAST,"xp" DESC NULLS LAST,"username");