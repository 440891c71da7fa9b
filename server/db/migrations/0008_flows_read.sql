-- flows.read (the Flows page) is new. The first start gives the administrator every permission;
-- an administrator made before this one existed holds all the others and is given it here.
UPDATE "users" SET "permissions" = array_append("permissions", 'flows.read')
WHERE "permissions" @> ARRAY['users.read', 'users.write', 'sessions.read', 'sessions.revoke', 'services.read', 'services.write', 'logs.read', 'attributes.read', 'attributes.write', 'queue.read', 'dashboard.read']::text[]
  AND NOT ('flows.read' = ANY ("permissions"));
