-- The change feed of migration 0015 goes: nothing is kept per user between requests any more.
DROP TRIGGER "users_changed" ON "users";--> statement-breakpoint
DROP TRIGGER "access_tokens_changed" ON "access_tokens";--> statement-breakpoint
DROP TRIGGER "kyc_documents_changed" ON "kyc_documents";--> statement-breakpoint
DROP TRIGGER "ledger_accounts_changed" ON "ledger_accounts";--> statement-breakpoint
DROP TRIGGER "positions_changed" ON "positions";--> statement-breakpoint
DROP TRIGGER "transactions_changed" ON "transactions";--> statement-breakpoint
DROP TRIGGER "user_savings_changed" ON "user_savings";--> statement-breakpoint
DROP TRIGGER "savings_history_changed" ON "savings_history";--> statement-breakpoint
DROP TRIGGER "payment_methods_changed" ON "payment_methods";--> statement-breakpoint
DROP TRIGGER "currencies_changed" ON "currencies";--> statement-breakpoint
DROP TRIGGER "savings_products_changed" ON "savings_products";--> statement-breakpoint
DROP TRIGGER "asset_quotes_changed" ON "asset_quotes";--> statement-breakpoint
DROP TRIGGER "fx_rates_changed" ON "fx_rates";--> statement-breakpoint
DROP FUNCTION "note_user_change"();--> statement-breakpoint
DROP FUNCTION "note_user_row_change"();--> statement-breakpoint
DROP FUNCTION "note_change_for_everyone"();--> statement-breakpoint
DROP FUNCTION "note_price_change"();--> statement-breakpoint
DROP TABLE "user_changes";
