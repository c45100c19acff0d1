CREATE TYPE "public"."split_status" AS ENUM('scheduled', 'applied', 'cancelled');--> statement-breakpoint
CREATE TABLE "position_splits" (
	"split_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quantity_before" numeric(30, 8) NOT NULL,
	"quantity_after" numeric(30, 8) NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "position_splits_split_id_position_id_pk" PRIMARY KEY("split_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "splits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" integer NOT NULL,
	"ratio_to" integer NOT NULL,
	"ratio_from" integer NOT NULL,
	"effective_on" date NOT NULL,
	"status" "split_status" DEFAULT 'scheduled' NOT NULL,
	"scheduled_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "splits_ratio" CHECK ("splits"."ratio_to" > 0 and "splits"."ratio_from" > 0 and "splits"."ratio_to" <> "splits"."ratio_from")
);
--> statement-breakpoint
ALTER TABLE "position_splits" ADD CONSTRAINT "position_splits_split_id_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."splits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_splits" ADD CONSTRAINT "position_splits_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_splits" ADD CONSTRAINT "position_splits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splits" ADD CONSTRAINT "splits_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splits" ADD CONSTRAINT "splits_scheduled_by_users_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "position_splits_position_idx" ON "position_splits" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "position_splits_user_idx" ON "position_splits" USING btree ("user_id","applied_at");--> statement-breakpoint
CREATE INDEX "splits_due_idx" ON "splits" USING btree ("effective_on") WHERE "splits"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "splits_asset_idx" ON "splits" USING btree ("asset_id","effective_on");--> statement-breakpoint
CREATE UNIQUE INDEX "splits_asset_day_unique" ON "splits" USING btree ("asset_id","effective_on") WHERE "splits"."status" <> 'cancelled';