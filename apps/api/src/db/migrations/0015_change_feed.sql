CREATE UNLOGGED TABLE "user_changes" (
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"user_id" uuid,
	"account" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_changes_xid_idx" ON "user_changes" USING btree ("xid");--> statement-breakpoint
-- A changed row of a user's table names its user; the platform's own ledger accounts have none.
-- A change to an account also tells every process at once, from inside its transaction: a token
-- signed out is refused everywhere as soon as the sign-out commits. (Changes to data poke the
-- processes after their transaction instead: a NOTIFY inside makes PostgreSQL commit one at a time.)
-- The argument says whether the table is one of the user's account (who they are, their tokens),
-- which what a process keeps of a session reads, or one of the rest of their data.
CREATE FUNCTION note_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- A transaction names a user of its data changes once (a swap changes two balances and adds a
  -- transaction: one row, not three); the name is the transaction's own, undone with it.
  noted text := current_setting('itrust.changed_user', true);
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL
      AND (TG_ARGV[0]::boolean OR noted IS DISTINCT FROM OLD.user_id::text) THEN
    INSERT INTO user_changes (user_id, account) VALUES (OLD.user_id, TG_ARGV[0]::boolean);
    IF NOT TG_ARGV[0]::boolean THEN
      PERFORM set_config('itrust.changed_user', OLD.user_id::text, true);
    END IF;
  END IF;
  IF (TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id))
      AND NEW.user_id IS NOT NULL
      AND (TG_ARGV[0]::boolean OR current_setting('itrust.changed_user', true) IS DISTINCT FROM NEW.user_id::text) THEN
    INSERT INTO user_changes (user_id, account) VALUES (NEW.user_id, TG_ARGV[0]::boolean);
    IF NOT TG_ARGV[0]::boolean THEN
      PERFORM set_config('itrust.changed_user', NEW.user_id::text, true);
    END IF;
  END IF;
  IF TG_ARGV[0]::boolean THEN
    PERFORM pg_notify('user_changes', 'account:db');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The same for the users table itself, whose own id is the user's.
CREATE FUNCTION note_user_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_changes (user_id, account) VALUES (OLD.id, true);
  PERFORM pg_notify('user_changes', 'account:db');
  RETURN NULL;
END $$;--> statement-breakpoint
-- A change to a table every user's answers read names nobody: everything kept is dropped.
CREATE FUNCTION note_change_for_everyone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_changes (user_id, account) VALUES (NULL, TG_ARGV[0]::boolean);
  IF TG_ARGV[0]::boolean THEN
    PERFORM pg_notify('user_changes', 'account:db');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION note_user_row_change();--> statement-breakpoint
CREATE TRIGGER access_tokens_changed AFTER UPDATE OR DELETE ON access_tokens FOR EACH ROW EXECUTE FUNCTION note_user_change('true');--> statement-breakpoint
CREATE TRIGGER kyc_documents_changed AFTER INSERT OR UPDATE OR DELETE ON kyc_documents FOR EACH ROW EXECUTE FUNCTION note_user_change('false');--> statement-breakpoint
CREATE TRIGGER ledger_accounts_changed AFTER INSERT OR UPDATE OR DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION note_user_change('false');--> statement-breakpoint
CREATE TRIGGER positions_changed AFTER INSERT OR UPDATE OR DELETE ON positions FOR EACH ROW EXECUTE FUNCTION note_user_change('false');--> statement-breakpoint
CREATE TRIGGER transactions_changed AFTER INSERT OR UPDATE OR DELETE ON transactions FOR EACH ROW EXECUTE FUNCTION note_user_change('false');--> statement-breakpoint
CREATE TRIGGER user_savings_changed AFTER INSERT OR UPDATE OR DELETE ON user_savings FOR EACH ROW EXECUTE FUNCTION note_user_change('false');--> statement-breakpoint
CREATE TRIGGER savings_history_changed AFTER INSERT OR UPDATE OR DELETE ON savings_history FOR EACH ROW EXECUTE FUNCTION note_user_change('false');--> statement-breakpoint
CREATE TRIGGER payment_methods_changed AFTER INSERT OR UPDATE OR DELETE ON payment_methods FOR EACH ROW EXECUTE FUNCTION note_user_change('false');--> statement-breakpoint
CREATE TRIGGER currencies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON currencies FOR EACH STATEMENT EXECUTE FUNCTION note_change_for_everyone('true');--> statement-breakpoint
CREATE TRIGGER savings_products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON savings_products FOR EACH STATEMENT EXECUTE FUNCTION note_change_for_everyone('false');
--> statement-breakpoint
-- A change of prices or exchange rates names the nil user: processes value positions from their own
-- copy of the quotes (modules/market/quote-book.ts), which they read again before serving anything.
CREATE FUNCTION note_price_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_changes (user_id, account) VALUES ('00000000-0000-0000-0000-000000000000', false);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER asset_quotes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON asset_quotes FOR EACH STATEMENT EXECUTE FUNCTION note_price_change();--> statement-breakpoint
CREATE TRIGGER fx_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fx_rates FOR EACH STATEMENT EXECUTE FUNCTION note_price_change();
