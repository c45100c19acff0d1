CREATE TYPE "public"."asset_type" AS ENUM('stocks', 'crypto');--> statement-breakpoint
CREATE TYPE "public"."bar_resolution" AS ENUM('5m', '1h', '1d');--> statement-breakpoint
CREATE TABLE "asset_quotes" (
	"asset_id" integer PRIMARY KEY NOT NULL,
	"price" numeric(30, 10) NOT NULL,
	"previous_close" numeric(30, 10) NOT NULL,
	"day_open" numeric(30, 10) NOT NULL,
	"day_high" numeric(30, 10) NOT NULL,
	"day_low" numeric(30, 10) NOT NULL,
	"volume" numeric(30, 2) NOT NULL,
	"avg_volume" numeric(30, 2) NOT NULL,
	"market_cap" numeric(30, 2) NOT NULL,
	"trading_day" date NOT NULL,
	"tick_sequence" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"type" "asset_type" NOT NULL,
	"listed_on" date NOT NULL,
	"volatility" numeric(6, 4) NOT NULL,
	"reference_market_cap" numeric(30, 2) NOT NULL,
	"reference_price" numeric(30, 10) NOT NULL,
	CONSTRAINT "assets_symbol_unique" UNIQUE("symbol")
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency" char(3) PRIMARY KEY NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"reference_rate" numeric(20, 10) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_bars" (
	"asset_id" integer NOT NULL,
	"resolution" "bar_resolution" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"open" numeric(30, 10) NOT NULL,
	"high" numeric(30, 10) NOT NULL,
	"low" numeric(30, 10) NOT NULL,
	"close" numeric(30, 10) NOT NULL,
	CONSTRAINT "price_bars_asset_id_resolution_starts_at_pk" PRIMARY KEY("asset_id","resolution","starts_at")
);
--> statement-breakpoint
CREATE TABLE "watchlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"asset_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_quotes" ADD CONSTRAINT "asset_quotes_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_bars" ADD CONSTRAINT "price_bars_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_entries_user_asset_unique" ON "watchlist_entries" USING btree ("user_id","asset_id");--> statement-breakpoint
CREATE INDEX "watchlist_entries_asset_id_idx" ON "watchlist_entries" USING btree ("asset_id");