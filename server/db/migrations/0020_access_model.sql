CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid NOT NULL,
	"role_ids" uuid[] DEFAULT '{}' NOT NULL,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"group_id" uuid,
	"scope_lost_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_from" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_assignments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"group_id" uuid
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"built_in" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "direct_permissions" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scopes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_unique" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_creator_idx" ON "api_tokens" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_unique" ON "groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "role_assignments_unique" ON "role_assignments" USING btree ("user_id","role_id",coalesce("group_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "role_assignments_role_idx" ON "role_assignments" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "role_assignments_group_idx" ON "role_assignments" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_built_in_unique" ON "roles" USING btree ("built_in");--> statement-breakpoint
-- The built-in roles (server/domain/access.ts keeps their words and permissions equal to the code
-- at every start). Ids made here are random (v4); every id made later is a v7.
INSERT INTO "roles" ("id", "created_at", "updated_at", "built_in", "name", "description", "permissions") VALUES
  (gen_random_uuid(), now(), now(), 'administrator', 'Administrator', '', ARRAY['users.read', 'users.write', 'sessions.read', 'sessions.revoke', 'services.read', 'services.write', 'logs.read', 'attributes.read', 'attributes.write', 'queue.read', 'dashboard.read', 'queue.write', 'flows.read', 'roles.read', 'roles.write', 'users.access']::text[]),
  (gen_random_uuid(), now(), now(), 'help-desk', 'Help desk', '', ARRAY['users.read', 'users.write', 'sessions.read', 'sessions.revoke']::text[]),
  (gen_random_uuid(), now(), now(), 'auditor', 'Auditor', '', ARRAY['logs.read', 'users.read', 'sessions.read', 'dashboard.read']::text[]),
  (gen_random_uuid(), now(), now(), 'service-owner', 'Service owner', '', ARRAY['services.read', 'services.write']::text[]),
  (gen_random_uuid(), now(), now(), 'attribute-editor', 'Attribute editor', '', ARRAY['attributes.read', 'attributes.write']::text[]);
--> statement-breakpoint
-- Until now users.write also changed access; users.access keeps that for everyone who had it.
UPDATE "users" SET "direct_permissions" = CASE WHEN 'users.write' = ANY ("permissions")
  THEN array_append("permissions", 'users.access') ELSE "permissions" END;
--> statement-breakpoint
-- Whoever held every permission is an administrator: the Administrator role, no exceptions.
INSERT INTO "role_assignments" ("id", "user_id", "role_id")
SELECT gen_random_uuid(), u."id", r."id" FROM "users" u, "roles" r
WHERE r."built_in" = 'administrator'
  AND u."permissions" @> ARRAY['users.read', 'users.write', 'sessions.read', 'sessions.revoke', 'services.read', 'services.write', 'logs.read', 'attributes.read', 'attributes.write', 'queue.read', 'dashboard.read', 'queue.write', 'flows.read']::text[];
--> statement-breakpoint
UPDATE "users" SET "direct_permissions" = '{}', "permissions" = (SELECT "permissions" FROM "roles" WHERE "built_in" = 'administrator')
WHERE "id" IN (SELECT "user_id" FROM "role_assignments");
--> statement-breakpoint
UPDATE "users" SET "permissions" = "direct_permissions"
WHERE "id" NOT IN (SELECT "user_id" FROM "role_assignments");
