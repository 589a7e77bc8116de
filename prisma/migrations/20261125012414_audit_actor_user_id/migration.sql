-- The audit filter actorUserId (docs/audit-log.md) compares details->>'actorUserId'; most entries of
-- system actors have none, so the index stays small. Expression indexes are outside schema.prisma.
CREATE INDEX "audit_logs_actor_user_id_idx" ON "audit_logs" ((details ->> 'actorUserId'));
