CREATE TABLE "oidc_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"jwks" jsonb NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc_models" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_models_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "service_secrets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"hash" text NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "session_services" (
	"session_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"grant_id" text NOT NULL,
	"sid" text NOT NULL,
	"user_id" uuid NOT NULL,
	"signed_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_services_pk" PRIMARY KEY("session_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "post_logout_redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "client_type" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "first_party" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "backchannel_logout_uri" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_secrets" ADD CONSTRAINT "service_secrets_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_services" ADD CONSTRAINT "session_services_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_services" ADD CONSTRAINT "session_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_models_uid_idx" ON "oidc_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_models_grant_id_idx" ON "oidc_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_models_user_code_idx" ON "oidc_models" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "oidc_models_expires_idx" ON "oidc_models" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "service_secrets_service_idx" ON "service_secrets" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "session_services_grant_idx" ON "session_services" USING btree ("grant_id");