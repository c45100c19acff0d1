CREATE TYPE "public"."close_reason" AS ENUM('manual', 'take_profit', 'stop_loss');--> statement-breakpoint
CREATE TYPE "public"."position_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."trade_side" AS ENUM('buy', 'sell');--> statement-breakpoint
CREATE TABLE "positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"asset_id" integer NOT NULL,
	"wallet" "account_kind" NOT NULL,
	"status" "position_status" DEFAULT 'open' NOT NULL,
	"quantity" numeric(30, 8) NOT NULL,
	"opened_quantity" numeric(30, 8) NOT NULL,
	"entry_price" numeric(30, 10) NOT NULL,
	"fx_rate" numeric(20, 10) NOT NULL,
	"cost" numeric(30, 2) NOT NULL,
	"opened_cost" numeric(30, 2) NOT NULL,
	"realised_pl" numeric(30, 2) DEFAULT '0' NOT NULL,
	"take_profit" numeric(30, 10),
	"stop_loss" numeric(30, 10),
	"leverage" integer DEFAULT 1 NOT NULL,
	"order_type" text DEFAULT 'market' NOT NULL,
	"close_reason" "close_reason",
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"asset_id" integer NOT NULL,
	"side" "trade_side" NOT NULL,
	"quantity" numeric(30, 8) NOT NULL,
	"price" numeric(30, 10) NOT NULL,
	"fx_rate" numeric(20, 10) NOT NULL,
	"amount" numeric(30, 2) NOT NULL,
	"realised_pl" numeric(30, 2) DEFAULT '0' NOT NULL,
	"reason" "close_reason" DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "positions_user_status_idx" ON "positions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "positions_open_asset_idx" ON "positions" USING btree ("asset_id","status");--> statement-breakpoint
CREATE INDEX "trades_user_created_idx" ON "trades" USING btree ("user_id","created_at");