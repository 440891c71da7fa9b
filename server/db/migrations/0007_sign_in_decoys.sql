CREATE TABLE "sign_in_decoys" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"rev" bigint DEFAULT 0 NOT NULL,
	"txid" "xid8"
);
--> statement-breakpoint
CREATE INDEX "sign_in_decoys_txid_rev_idx" ON "sign_in_decoys" USING btree ("txid","rev");--> statement-breakpoint
-- Stamped like a synced row, so that updating a decoy costs what updating a user row costs.
CREATE TRIGGER "sign_in_decoys_stamp_change" BEFORE UPDATE ON "sign_in_decoys" FOR EACH ROW EXECUTE FUNCTION gatehouse_stamp_change();
--> statement-breakpoint
-- And it notifies as a user row's change does; the change feed ignores a collection it does not sync.
CREATE TRIGGER "sign_in_decoys_notify_change" AFTER UPDATE ON "sign_in_decoys" FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_change('signInDecoys');
--> statement-breakpoint
INSERT INTO "sign_in_decoys" ("slot") SELECT generate_series(0, 63);
