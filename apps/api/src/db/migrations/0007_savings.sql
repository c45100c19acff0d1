CREATE TYPE "public"."savings_method" AS ENUM('contribution', 'cashout');--> statement-breakpoint
ALTER TYPE "public"."account_kind" ADD VALUE 'savings';--> statement-breakpoint
CREATE TABLE "savings_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_savings_id" uuid NOT NULL,
	"method" "savings_method" NOT NULL,
	"amount" numeric(30, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "savings_interest" (
	"user_savings_id" uuid NOT NULL,
	"day" date NOT NULL,
	"balance" numeric(30, 2) NOT NULL,
	"accrued" numeric(40, 12) NOT NULL,
	"paid" numeric(30, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "savings_interest_user_savings_id_day_pk" PRIMARY KEY("user_savings_id","day")
);
--> statement-breakpoint
CREATE TABLE "savings_product_countries" (
	"product_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	CONSTRAINT "savings_product_countries_product_id_country_id_pk" PRIMARY KEY("product_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "savings_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"note" text NOT NULL,
	"annual_rate" numeric(9, 6) NOT NULL,
	"annual_limit" numeric(30, 2),
	"limit_group" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_products_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_savings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_savings_user_product_unique" UNIQUE("user_id","product_id")
);
--> statement-breakpoint
DROP INDEX "ledger_accounts_user_kind_unique";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "savings_id" uuid;--> statement-breakpoint
ALTER TABLE "savings_history" ADD CONSTRAINT "savings_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_history" ADD CONSTRAINT "savings_history_user_savings_id_user_savings_id_fk" FOREIGN KEY ("user_savings_id") REFERENCES "public"."user_savings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_interest" ADD CONSTRAINT "savings_interest_user_savings_id_user_savings_id_fk" FOREIGN KEY ("user_savings_id") REFERENCES "public"."user_savings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_product_countries" ADD CONSTRAINT "savings_product_countries_product_id_savings_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."savings_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_product_countries" ADD CONSTRAINT "savings_product_countries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_savings" ADD CONSTRAINT "user_savings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_savings" ADD CONSTRAINT "user_savings_product_id_savings_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."savings_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "savings_history_user_created_idx" ON "savings_history" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_savings_id_user_savings_id_fk" FOREIGN KEY ("savings_id") REFERENCES "public"."user_savings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_kind_unique" ON "ledger_accounts" USING btree ("user_id","kind") WHERE "ledger_accounts"."user_id" is not null and "ledger_accounts"."savings_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_savings_id_unique" UNIQUE("savings_id");