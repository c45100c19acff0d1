ALTER TYPE "public"."close_reason" ADD VALUE 'rebalance';--> statement-breakpoint
CREATE TABLE "auto_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bought" integer NOT NULL,
	"sold" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auto_runs" ADD CONSTRAINT "auto_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_settings" ADD CONSTRAINT "auto_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_runs_user_created_idx" ON "auto_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_auto_open_unique" ON "positions" USING btree ("user_id","asset_id") WHERE "positions"."wallet" = 'auto' and "positions"."status" = 'open';