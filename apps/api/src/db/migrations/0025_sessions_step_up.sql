ALTER TYPE "public"."code_purpose" ADD VALUE 'step_up';--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "address_prefix" text;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "second_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "second_step_method" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "usable_at" timestamp with time zone DEFAULT now() NOT NULL;