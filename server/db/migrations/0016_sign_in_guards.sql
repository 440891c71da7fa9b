CREATE TABLE "known_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"user_agent" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_counters" (
	"subject" text PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"lockout_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throttle_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL
);
--> statement-breakpoint
DROP TABLE "sign_in_decoys" CASCADE;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_user_idx" ON "known_devices" USING btree ("user_id");--> statement-breakpoint
-- The counts and lock of each account move to its unknown devices' counter: a run of failures or a
-- lock under way when the server is upgraded goes on as it was.
INSERT INTO "sign_in_counters" ("subject", "failed_attempts", "last_attempt_at", "locked_until", "lockout_count")
SELECT 'user:' || "id", "failed_attempts", now(), "locked_until", "lockout_count" FROM "users"
WHERE "failed_attempts" > 0 OR "lockout_count" > 0 OR "locked_until" > now();--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "lockout_count";