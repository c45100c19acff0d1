CREATE TABLE "ledger_hourly" (
	"account_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"delta" numeric(30, 2) NOT NULL,
	CONSTRAINT "ledger_hourly_account_id_hour_pk" PRIMARY KEY("account_id","hour")
);
--> statement-breakpoint
DROP INDEX "journal_entries_account_id_idx";--> statement-breakpoint
ALTER TABLE "ledger_hourly" ADD CONSTRAINT "ledger_hourly_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_account_created_idx" ON "journal_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_user_money_idx" ON "transactions" USING btree ("user_id","type","amount") WHERE "transactions"."status" = 'approved' and "transactions"."type" in ('credit', 'debit');--> statement-breakpoint
CREATE FUNCTION add_to_ledger_hourly() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_hourly (account_id, hour, delta)
  VALUES (NEW.account_id, date_trunc('hour', NEW.created_at, 'UTC'), NEW.amount)
  ON CONFLICT (account_id, hour) DO UPDATE SET delta = ledger_hourly.delta + EXCLUDED.delta;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER journal_entries_hourly AFTER INSERT ON journal_entries FOR EACH ROW EXECUTE FUNCTION add_to_ledger_hourly();--> statement-breakpoint
INSERT INTO ledger_hourly (account_id, hour, delta)
SELECT account_id, date_trunc('hour', created_at, 'UTC'), sum(amount) FROM journal_entries GROUP BY 1, 2;
