ALTER TYPE "public"."code_purpose" ADD VALUE 'email_change_current';--> statement-breakpoint
CREATE TABLE "email_change_undos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_change_undos_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
DROP INDEX "users_email_lower_unique";--> statement-breakpoint
-- Stored emails take the one form normalizeEmail (@itrust/contracts) gives: NFKC, Unicode lower case,
-- final sigma folded. Of twins, the one already in that form keeps it, else the oldest takes it; the
-- others keep their spelling (they still sign in by username).
DO $migration$
DECLARE
  unicode_collation text := coalesce(
    (SELECT quote_ident(collname) FROM pg_collation WHERE collname IN ('pg_unicode_fast', 'und-x-icu')
     ORDER BY collname = 'pg_unicode_fast' DESC LIMIT 1),
    '"default"');
  fold text := 'translate(normalize(lower(normalize(%I, NFKC) COLLATE ' || unicode_collation || '), NFKC), ''ς'', ''σ'')';
BEGIN
  EXECUTE format(
    'WITH folded AS (SELECT id, ' || fold || ' AS email, row_number() OVER (PARTITION BY ' || fold
      || ' ORDER BY created_at, id) AS place FROM users)
    UPDATE users SET email = folded.email FROM folded
    WHERE users.id = folded.id AND folded.place = 1 AND users.email <> folded.email
      AND NOT EXISTS (SELECT 1 FROM users holder WHERE holder.email = folded.email)',
    'email', 'email');
  EXECUTE format('UPDATE users SET pending_email = ' || fold || ' WHERE pending_email IS NOT NULL', 'pending_email');
END
$migration$;--> statement-breakpoint
ALTER TABLE "email_change_undos" ADD CONSTRAINT "email_change_undos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_undos_user_id_idx" ON "email_change_undos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_change_undos_old_email_idx" ON "email_change_undos" USING btree ("old_email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");