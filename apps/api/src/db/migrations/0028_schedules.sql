CREATE TYPE "public"."schedule_frequency" AS ENUM('daily', 'weekly', 'biweekly', 'monthly');--> statement-breakpoint
CREATE TYPE "public"."schedule_kind" AS ENUM('buy', 'transfer');--> statement-breakpoint
CREATE TYPE "public"."schedule_run_outcome" AS ENUM('done', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."schedule_skip_reason" AS ENUM('insufficient_funds', 'too_small', 'missed', 'unavailable');--> statement-breakpoint
CREATE TYPE "public"."schedule_status" AS ENUM('active', 'paused');--> statement-breakpoint
CREATE TABLE "schedule_runs" (
	"schedule_id" uuid NOT NULL,
	"slot" date NOT NULL,
	"outcome" "schedule_run_outcome" NOT NULL,
	"reason" "schedule_skip_reason",
	"position_id" uuid,
	"transaction_id" uuid,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "schedule_runs_schedule_id_slot_pk" PRIMARY KEY("schedule_id","slot"),
	CONSTRAINT "schedule_runs_reason" CHECK (("schedule_runs"."outcome" = 'skipped') = ("schedule_runs"."reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "schedule_kind" NOT NULL,
	"asset_id" integer,
	"from_wallet" "account_kind",
	"to_wallet" "account_kind",
	"amount" numeric(30, 2) NOT NULL,
	"frequency" "schedule_frequency" NOT NULL,
	"start_on" date NOT NULL,
	"time_zone" text NOT NULL,
	"status" "schedule_status" DEFAULT 'active' NOT NULL,
	"slot_index" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "schedules_amount_positive" CHECK ("schedules"."amount" > 0),
	CONSTRAINT "schedules_kind_fields" CHECK (case "schedules"."kind" when 'buy' then "schedules"."asset_id" is not null and "schedules"."from_wallet" is null
        else "schedules"."asset_id" is null and "schedules"."from_wallet" is not null and "schedules"."to_wallet" is not null
          and "schedules"."from_wallet" <> "schedules"."to_wallet" end)
);
--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("next_run_at") WHERE "schedules"."status" = 'active';--> statement-breakpoint
CREATE INDEX "schedules_user_idx" ON "schedules" USING btree ("user_id","created_at");