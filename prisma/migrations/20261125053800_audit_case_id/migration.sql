-- A case's activity (ediscovery.caseActivity) is its entries whose details name it, newest first by id;
-- only eDiscovery and case-hold entries carry caseId, so the index stays small. Expression indexes are
-- outside schema.prisma.
CREATE INDEX "audit_logs_case_id_idx" ON "audit_logs" ((details ->> 'caseId'), id);
