-- The change sequence that sync reads (docs/server-storage.md). Every insert or update of a synced
-- row takes the next value of the one global sequence and records its transaction id, so a reader
-- can take only rows whose transaction committed before its snapshot's xmin and never skip a row
-- that commits later with a smaller rev. Deletions leave a tombstone in the same order.
CREATE FUNCTION gatehouse_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rev := nextval('change_rev');
  NEW.txid := pg_current_xact_id();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION gatehouse_record_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tombstones (collection, id) VALUES (TG_ARGV[0], OLD.id)
  ON CONFLICT (collection, id)
  DO UPDATE SET rev = nextval('change_rev'), txid = pg_current_xact_id();
  RETURN OLD;
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
      'CREATE TRIGGER %I BEFORE INSERT OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION gatehouse_stamp_change()',
      pair[1] || '_stamp_change', pair[1]);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I FOR EACH ROW EXECUTE FUNCTION gatehouse_record_deletion(%L)',
      pair[1] || '_record_deletion', pair[1], pair[2]);
  END LOOP;
END
$$;
