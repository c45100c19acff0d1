CREATE TYPE "public"."audit_actor_kind" AS ENUM('operator', 'user');--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_kind" "audit_actor_kind" DEFAULT 'operator' NOT NULL;--> statement-breakpoint
-- The users' own security changes, written before the log knew its actors apart (security-events.service.ts).
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
UPDATE "audit_log" SET "actor_kind" = 'user' WHERE "action" IN ('session.revoked', 'payment_method.added', 'password.changed', 'email_change.started', 'two_fa.off');--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "actor_kind" DROP DEFAULT;
