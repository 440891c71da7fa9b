-- Sync reads each collection in change order, (txid, rev), below its snapshot's xmin
-- (docs/server-storage.md); these indexes let a batch start at the cursor and stop after n rows
-- instead of sorting the table.
CREATE INDEX services_txid_rev_idx ON services (txid, rev);
--> statement-breakpoint
CREATE INDEX sessions_txid_rev_idx ON sessions (txid, rev);
--> statement-breakpoint
CREATE INDEX users_txid_rev_idx ON users (txid, rev);
--> statement-breakpoint
CREATE INDEX service_assignments_txid_rev_idx ON service_assignments (txid, rev);
--> statement-breakpoint
CREATE INDEX attribute_keys_txid_rev_idx ON attribute_keys (txid, rev);
--> statement-breakpoint
CREATE INDEX attribute_key_associations_txid_rev_idx ON attribute_key_associations (txid, rev);
--> statement-breakpoint
CREATE INDEX attribute_key_options_txid_rev_idx ON attribute_key_options (txid, rev);
--> statement-breakpoint
CREATE INDEX attribute_key_conditions_txid_rev_idx ON attribute_key_conditions (txid, rev);
--> statement-breakpoint
CREATE INDEX tombstones_collection_txid_rev_idx ON tombstones (collection, txid, rev);
--> statement-breakpoint
-- POST /v1/sessions pages by (expires desc, id desc).
CREATE INDEX sessions_expires_id_idx ON sessions (expires, id);
--> statement-breakpoint
-- A session node carries its user's name, so renaming a user re-stamps that user's sessions: they
-- travel again with the new name instead of keeping the old one in every cache.
CREATE FUNCTION gatehouse_restamp_user_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sessions SET updated_at = updated_at WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_restamp_sessions AFTER UPDATE OF name_first, name_last ON users
FOR EACH ROW
WHEN (OLD.name_first IS DISTINCT FROM NEW.name_first OR OLD.name_last IS DISTINCT FROM NEW.name_last)
EXECUTE FUNCTION gatehouse_restamp_user_sessions();
--> statement-breakpoint
-- The change feed: at commit, one notice per collection and transaction, `<collection>:<txid>`, to
-- every process that LISTENs (PostgreSQL folds a transaction's identical notices into one). The
-- txid lets the listener wait until sync can read the change: a reader only takes transactions
-- below its snapshot's xmin, which an older transaction still running holds back. A transaction that
-- has not written anything has no id yet, so a statement that changed no row sends nothing.
-- Deletions are covered too, so the tombstones need no trigger of their own.
CREATE FUNCTION gatehouse_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  txid xid8 := pg_current_xact_id_if_assigned();
BEGIN
  IF txid IS NOT NULL THEN
    PERFORM pg_notify('gatehouse_changes', TG_ARGV[0] || ':' || txid::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  synced CONSTANT text[][] := ARRAY[
    ['services', 'services'],
    ['sessions', 'sessions'],
    ['users', 'users'],
    ['service_assignments', 'serviceAssignments'],
    ['attribute_keys', 'attributeKeys'],
    ['attribute_key_associations', 'attributeKeyAssociations'],
    ['attribute_key_options', 'attributeKeyOptions'],
    ['attribute_key_conditions', 'attributeKeyConditions']
  ];
  pair text[];
BEGIN
  FOREACH pair SLICE 1 IN ARRAY synced LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_change(%L)',
      pair[1] || '_notify_change', pair[1], pair[2]);
  END LOOP;
END
$$;
