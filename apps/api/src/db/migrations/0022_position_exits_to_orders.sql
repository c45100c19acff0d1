ALTER TABLE "positions" DROP COLUMN "take_profit";--> statement-breakpoint
ALTER TABLE "positions" DROP COLUMN "stop_loss";