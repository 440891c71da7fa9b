CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_id_idx" ON "audit_log" USING btree ("actor_user_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_outcome_at_id_idx" ON "audit_log" USING btree ("outcome","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_service_at_id_idx" ON "audit_log" USING btree (("detail" ->> 'serviceId'),"at","id");