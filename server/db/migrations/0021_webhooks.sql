CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	"response_excerpt" text
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"secret" text NOT NULL,
	"secret_hint" text NOT NULL,
	"previous_secret" text,
	"previous_until" timestamp with time zone,
	"owner_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "endpoint_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "event_type" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_code" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "response_excerpt" text;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_outbox_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_enabled_idx" ON "webhook_endpoints" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "outbox_endpoint_open_idx" ON "outbox" USING btree ("endpoint_id","id") WHERE endpoint_id is not null and status in ('pending', 'sending', 'failed');--> statement-breakpoint
CREATE INDEX "outbox_endpoint_id_idx" ON "outbox" USING btree ("endpoint_id","id") WHERE endpoint_id is not null;