ALTER TABLE "assets" ADD COLUMN "watchers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_watchers_not_negative" CHECK ("assets"."watchers" >= 0);--> statement-breakpoint
CREATE FUNCTION count_asset_watchers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE assets SET watchers = watchers - 1 WHERE id = OLD.asset_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE assets SET watchers = watchers + 1 WHERE id = NEW.asset_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER watchlist_entries_watchers AFTER INSERT OR DELETE OR UPDATE OF asset_id ON watchlist_entries
  FOR EACH ROW EXECUTE FUNCTION count_asset_watchers();--> statement-breakpoint
UPDATE assets a SET watchers = w.count FROM (SELECT asset_id, count(*) AS count FROM watchlist_entries GROUP BY asset_id) w
  WHERE a.id = w.asset_id;
