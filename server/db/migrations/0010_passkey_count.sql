-- users.passkey_count follows the passkeys table, so that registering or removing a passkey
-- updates the user's row and the change reaches the consoles' users cache (docs/users.md).
UPDATE "users" u SET "passkey_count" = (SELECT count(*) FROM "passkeys" p WHERE p."user_id" = u."id");
--> statement-breakpoint
CREATE FUNCTION gatehouse_count_passkeys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "passkey_count" = "passkey_count" + 1 WHERE "id" = NEW."user_id";
    RETURN NEW;
  END IF;
  UPDATE "users" SET "passkey_count" = greatest("passkey_count" - 1, 0) WHERE "id" = OLD."user_id";
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER passkeys_count AFTER INSERT OR DELETE ON "passkeys"
FOR EACH ROW EXECUTE FUNCTION gatehouse_count_passkeys();
