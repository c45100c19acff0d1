-- The hourly roll-up is written by the journal's own statement (ledger.repository.ts), the one
-- place journal entries are written; the per-entry trigger cost a transfer a seventh of its time.
DROP TRIGGER "journal_entries_hourly" ON "journal_entries";--> statement-breakpoint
DROP FUNCTION add_to_ledger_hourly();
