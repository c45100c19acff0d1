CREATE TYPE "public"."order_end_reason" AS ENUM('filled', 'cancelled', 'expired', 'position_closed', 'beyond_hold', 'too_small');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('open', 'filled', 'cancelled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."order_time_in_force" AS ENUM('day', 'gtc');--> statement-breakpoint
CREATE TYPE "public"."order_type" AS ENUM('limit', 'stop', 'stop_limit', 'exit');--> statement-breakpoint
ALTER TYPE "public"."close_reason" ADD VALUE 'limit';--> statement-breakpoint
ALTER TYPE "public"."close_reason" ADD VALUE 'stop';--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"asset_id" integer NOT NULL,
	"side" "trade_side" NOT NULL,
	"type" "order_type" NOT NULL,
	"quantity" numeric(30, 8),
	"limit_price" numeric(30, 10),
	"stop_price" numeric(30, 10),
	"time_in_force" "order_time_in_force" NOT NULL,
	"expires_at" timestamp with time zone,
	"status" "order_status" DEFAULT 'open' NOT NULL,
	"reserved" numeric(30, 2) DEFAULT '0' NOT NULL,
	"position_id" uuid,
	"triggered_at" timestamp with time zone,
	"fill_price" numeric(30, 10),
	"filled_amount" numeric(30, 2),
	"end_reason" "order_end_reason",
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "orders_prices_positive" CHECK (coalesce("orders"."limit_price", 1) > 0 and coalesce("orders"."stop_price", 1) > 0),
	CONSTRAINT "orders_reserved_not_negative" CHECK ("orders"."reserved" >= 0),
	CONSTRAINT "orders_quantity_positive" CHECK ("orders"."type" = 'exit' or "orders"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "reserved_quantity" numeric(30, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_open_asset_idx" ON "orders" USING btree ("asset_id") WHERE "orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_position_idx" ON "orders" USING btree ("position_id") WHERE "orders"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_exit_unique" ON "orders" USING btree ("position_id") WHERE "orders"."type" = 'exit';--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_reserved_within_quantity" CHECK ("positions"."reserved_quantity" >= 0 and "positions"."reserved_quantity" <= "positions"."quantity");
--> statement-breakpoint
-- Take-profit and stop-loss move from the position to its exit order: one mechanism fills both.
INSERT INTO "orders" ("user_id", "asset_id", "side", "type", "limit_price", "stop_price", "time_in_force", "position_id", "status", "end_reason", "created_at", "ended_at")
SELECT "user_id", "asset_id", 'sell', 'exit', "take_profit", "stop_loss", 'gtc', "id",
  (CASE WHEN "status" = 'open' THEN 'open' WHEN "close_reason"::text IN ('take_profit', 'stop_loss') THEN 'filled' ELSE 'cancelled' END)::order_status,
  (CASE WHEN "status" = 'open' THEN NULL WHEN "close_reason"::text IN ('take_profit', 'stop_loss') THEN 'filled' ELSE 'position_closed' END)::order_end_reason,
  "created_at", "closed_at"
FROM "positions" WHERE "take_profit" IS NOT NULL OR "stop_loss" IS NOT NULL;
