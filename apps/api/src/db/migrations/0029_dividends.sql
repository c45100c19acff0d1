ALTER TYPE "public"."account_kind" ADD VALUE 'dividends';--> statement-breakpoint
ALTER TYPE "public"."transaction_type" ADD VALUE 'dividend';--> statement-breakpoint
CREATE TABLE "dividend_payments" (
	"asset_id" integer NOT NULL,
	"ex_date" date NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet" "account_kind" NOT NULL,
	"quantity" numeric(30, 8) NOT NULL,
	"amount" numeric(30, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"transaction_id" uuid NOT NULL,
	"reinvested_position_id" uuid,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dividend_payments_asset_id_ex_date_user_id_wallet_pk" PRIMARY KEY("asset_id","ex_date","user_id","wallet"),
	CONSTRAINT "dividend_payments_amount" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "dividend_rates" (
	"asset_id" integer NOT NULL,
	"ex_date" date NOT NULL,
	"currency" char(3) NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	CONSTRAINT "dividend_rates_asset_id_ex_date_currency_pk" PRIMARY KEY("asset_id","ex_date","currency")
);
--> statement-breakpoint
CREATE TABLE "dividend_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reinvest" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dividends" (
	"asset_id" integer NOT NULL,
	"ex_date" date NOT NULL,
	"pay_date" date NOT NULL,
	"per_share" numeric(30, 10) NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "dividends_asset_id_ex_date_pk" PRIMARY KEY("asset_id","ex_date"),
	CONSTRAINT "dividends_per_share" CHECK (per_share > 0)
);
--> statement-breakpoint
ALTER TABLE "dividend_payments" ADD CONSTRAINT "dividend_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividend_payments" ADD CONSTRAINT "dividend_payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividend_payments" ADD CONSTRAINT "dividend_payments_reinvested_position_id_positions_id_fk" FOREIGN KEY ("reinvested_position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividend_settings" ADD CONSTRAINT "dividend_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dividend_payments_user_idx" ON "dividend_payments" USING btree ("user_id","paid_at");