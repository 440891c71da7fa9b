CREATE SEQUENCE "public"."change_rev" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "attribute_key_associations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"attribute_key_id" uuid NOT NULL,
	"parent_association_id" uuid,
	"rev" bigint DEFAULT nextval('change_rev') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_key_conditions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"attribute_key_id" uuid NOT NULL,
	"value" text NOT NULL,
	"conditional_association_id" uuid NOT NULL,
	"rev" bigint DEFAULT nextval('change_rev') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_key_options" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"attribute_key_id" uuid NOT NULL,
	"image_path" text,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"rev" bigint DEFAULT nextval('change_rev') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"prompt" text,
	"type" text NOT NULL,
	"control_type" text,
	"config" text DEFAULT '{}' NOT NULL,
	"image_path" text,
	"sku_id" text,
	"erp_id" text,
	"attribute_key_association_id" uuid,
	"rev" bigint DEFAULT nextval('change_rev') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "attribute_keys_type_known" CHECK ("attribute_keys"."type" in ('ROOT', 'BRANCH', 'INTEGER', 'DECIMAL', 'STRING', 'BOOLEAN'))
);
--> statement-breakpoint
CREATE TABLE "attribute_values" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"ref_id" text NOT NULL,
	"attribute_key_id" uuid NOT NULL,
	"attribute_key_association_id" uuid,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid,
	"subject_user_id" uuid,
	"ip" text,
	"user_agent" text,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "mfa_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service_assignments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"service_key" text NOT NULL,
	"rev" bigint DEFAULT nextval('change_rev') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"access_token_timeout" integer DEFAULT 1 NOT NULL,
	"refresh_token_timeout" integer DEFAULT 30 NOT NULL,
	"has_logo" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"rev" bigint DEFAULT nextval('change_rev') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "services_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"absolute_expires" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"rev" bigint DEFAULT nextval('change_rev') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tombstones" (
	"collection" text NOT NULL,
	"id" uuid NOT NULL,
	"rev" bigint DEFAULT nextval('change_rev') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "tombstones_collection_id_pk" PRIMARY KEY("collection","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"name_first" text NOT NULL,
	"name_last" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"type" text NOT NULL,
	"use2fa" boolean DEFAULT false NOT NULL,
	"visage" text,
	"last_login" timestamp with time zone,
	"rev" bigint DEFAULT nextval('change_rev') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_phone_digits" CHECK ("users"."phone" ~ '^[0-9]{10}$'),
	CONSTRAINT "users_type_known" CHECK ("users"."type" in ('INTERNAL', 'EXTERNAL')),
	CONSTRAINT "users_2fa_needs_phone" CHECK (not "users"."use2fa" or "users"."phone" is not null)
);
--> statement-breakpoint
ALTER TABLE "attribute_key_associations" ADD CONSTRAINT "attribute_key_associations_attribute_key_id_attribute_keys_id_fk" FOREIGN KEY ("attribute_key_id") REFERENCES "public"."attribute_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_key_associations" ADD CONSTRAINT "attribute_key_associations_parent_association_id_attribute_key_associations_id_fk" FOREIGN KEY ("parent_association_id") REFERENCES "public"."attribute_key_associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_key_conditions" ADD CONSTRAINT "attribute_key_conditions_attribute_key_id_attribute_keys_id_fk" FOREIGN KEY ("attribute_key_id") REFERENCES "public"."attribute_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_key_conditions" ADD CONSTRAINT "attribute_key_conditions_conditional_association_id_attribute_key_associations_id_fk" FOREIGN KEY ("conditional_association_id") REFERENCES "public"."attribute_key_associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_key_options" ADD CONSTRAINT "attribute_key_options_attribute_key_id_attribute_keys_id_fk" FOREIGN KEY ("attribute_key_id") REFERENCES "public"."attribute_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_attribute_key_id_attribute_keys_id_fk" FOREIGN KEY ("attribute_key_id") REFERENCES "public"."attribute_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_attribute_key_association_id_attribute_key_associations_id_fk" FOREIGN KEY ("attribute_key_association_id") REFERENCES "public"."attribute_key_associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_requests" ADD CONSTRAINT "mfa_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_assignments" ADD CONSTRAINT "service_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_assignments" ADD CONSTRAINT "service_assignments_service_key_services_key_fk" FOREIGN KEY ("service_key") REFERENCES "public"."services"("key") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribute_key_associations_parent_idx" ON "attribute_key_associations" USING btree ("parent_association_id","sort_order");--> statement-breakpoint
CREATE INDEX "attribute_key_associations_rev_idx" ON "attribute_key_associations" USING btree ("rev");--> statement-breakpoint
CREATE INDEX "attribute_key_conditions_rev_idx" ON "attribute_key_conditions" USING btree ("rev");--> statement-breakpoint
CREATE INDEX "attribute_key_options_key_idx" ON "attribute_key_options" USING btree ("attribute_key_id");--> statement-breakpoint
CREATE INDEX "attribute_key_options_rev_idx" ON "attribute_key_options" USING btree ("rev");--> statement-breakpoint
CREATE INDEX "attribute_keys_rev_idx" ON "attribute_keys" USING btree ("rev");--> statement-breakpoint
CREATE INDEX "attribute_values_ref_idx" ON "attribute_values" USING btree ("ref_id");--> statement-breakpoint
CREATE INDEX "audit_log_ip_at_idx" ON "audit_log" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "audit_log_subject_at_idx" ON "audit_log" USING btree ("subject_user_id","at");--> statement-breakpoint
CREATE INDEX "mfa_requests_user_idx" ON "mfa_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_assignments_user_service_unique" ON "service_assignments" USING btree ("user_id","service_key");--> statement-breakpoint
CREATE INDEX "service_assignments_rev_idx" ON "service_assignments" USING btree ("rev");--> statement-breakpoint
CREATE INDEX "services_rev_idx" ON "services" USING btree ("rev");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_rev_idx" ON "sessions" USING btree ("rev");--> statement-breakpoint
CREATE INDEX "tombstones_rev_idx" ON "tombstones" USING btree ("collection","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_unique" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name_last","name_first");--> statement-breakpoint
CREATE INDEX "users_rev_idx" ON "users" USING btree ("rev");