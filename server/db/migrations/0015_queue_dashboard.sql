CREATE TABLE "audit_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"service" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "audit_hourly_hour_action_outcome_service_pk" PRIMARY KEY("hour","action","outcome","service")
);
--> statement-breakpoint
CREATE INDEX "outbox_status_id_idx" ON "outbox" USING btree ("status","id");--> statement-breakpoint
-- Outbox statuses (server/db/schema/outbox.ts): what was 'failed' (attempts exhausted) is now
-- 'given_up'; a message waiting for a retry after a failed attempt is now 'failed' instead of 'pending'.
UPDATE "outbox" SET "status" = 'given_up' WHERE "status" = 'failed';
--> statement-breakpoint
UPDATE "outbox" SET "status" = 'failed' WHERE "status" = 'pending' AND "attempts" > 0;
--> statement-breakpoint
-- queue.write (Queue: retry now, cancel) is new. The first start gives the administrator every
-- permission; an administrator made before this one existed holds all the others and is given it here.
UPDATE "users" SET "permissions" = array_append("permissions", 'queue.write')
WHERE "permissions" @> ARRAY['users.read', 'users.write', 'sessions.read', 'sessions.revoke', 'services.read', 'services.write', 'logs.read', 'attributes.read', 'attributes.write', 'queue.read', 'dashboard.read']::text[]
  AND NOT ('queue.write' = ANY ("permissions"));
--> statement-breakpoint
-- Live Queue and Dashboard (docs/dashboard.md): the change feed's notice function of migration 0002
-- names the outbox and the audit log too; the server passes 'outbox' and 'audit' on as topics to
-- consoles whose user may read them. One notice per transaction and table, none for a statement
-- that changed nothing.
CREATE TRIGGER outbox_notify_change AFTER INSERT OR UPDATE OR DELETE ON "outbox"
FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_change('outbox');
--> statement-breakpoint
CREATE TRIGGER audit_log_notify_change AFTER INSERT ON "audit_log"
FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_notify_change('audit');
--> statement-breakpoint
-- The hourly rollup (docs/dashboard.md): each insert into audit_log adds its counts per UTC hour,
-- action, outcome and service, once per statement (a bulk insert is one upsert per group).
CREATE FUNCTION gatehouse_audit_hourly() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_hourly (hour, action, outcome, service, count)
  SELECT date_trunc('hour', at, 'UTC'), action, outcome,
         CASE WHEN action = 'oidc.authorize'
              THEN coalesce(detail ->> 'serviceId', detail ->> 'serviceKey', '') ELSE '' END,
         count(*)
  FROM added
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (hour, action, outcome, service)
  DO UPDATE SET count = audit_hourly.count + excluded.count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_hourly AFTER INSERT ON "audit_log"
REFERENCING NEW TABLE AS added
FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_audit_hourly();
--> statement-breakpoint
INSERT INTO audit_hourly (hour, action, outcome, service, count)
SELECT date_trunc('hour', at, 'UTC'), action, outcome,
       CASE WHEN action = 'oidc.authorize'
            THEN coalesce(detail ->> 'serviceId', detail ->> 'serviceKey', '') ELSE '' END,
       count(*)
FROM audit_log
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Top failing addresses of the last 24 hours: failed sign-in steps by time, with the address, so the
-- Dashboard reads only the day's failures (an index-only scan).
CREATE INDEX "audit_log_sign_in_failures_idx" ON "audit_log" USING btree ("at") INCLUDE ("ip")
WHERE "outcome" IN ('failure', 'refused') AND "action" IN ('login', 'login.verify');
