import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import type { ArchiveCondition } from "../identity/authz/ability";
import { contentScope } from "../identity/authz/content-scope";
import { transaction, type Tx } from "../platform/db/client";
import { notFound, validationError } from "../platform/errors/app-error";
import type { SearchQuery } from "../search/search-engine";
import { accessibleCase, type CaseRow } from "./case-access";
import { exportDto } from "./case-records-dto";
import type { ExportDto } from "./ediscovery.responses";
import { assertCaseOpen, caseEmailScope } from "./case-scope";
import { findTag } from "./find-tag";
import type { CreateExportInput, ExportSource } from "./ediscovery.schemas";
import { findSavedSearch } from "./get-saved-search";
import { nameKey } from "./ediscovery.schemas";
import { DEFAULT_REDACTION_LABEL, publicSettings, redactionPatternsSha256, type ProductionSettings } from "./pdf/production-settings";
import { searchQuerySchema } from "../search/search.schemas";
import { parseStoredJson } from "../platform/validation/stored-json";

/** What an export selects, as kept on its record: the exact query (or hold, or tag) used. */
export type ExportQuery = (
  | { kind: "search"; searchQuery: SearchQuery; savedSearchId: string | null; custodians: string[] | null }
  | { kind: "hold"; holdId: string; holdName: string }
  | { kind: "tag"; tagId: string; tagName: string }
) & {
  /** Only the emails a reviewer must read (inclusive and inclusive minus, and those not analysed yet), each with its attachments. */
  inclusiveOnly?: true;
};

async function resolveSource(
  tx: Tx,
  principal: Principal,
  found: CaseRow,
  source: ExportSource,
): Promise<{ query: ExportQuery; scope: ArchiveCondition[] | null }> {
  const custodiansUsed = (ignore: boolean) => (ignore || found.custodians.length === 0 ? null : found.custodians);
  if ("searchId" in source) {
    const saved = await findSavedSearch(tx, found.id, source.searchId);
    return {
      query: {
        kind: "search",
        searchQuery: parseStoredJson(searchQuerySchema, saved.searchQuery, "ediscovery_saved_searches.search_query"),
        savedSearchId: saved.id,
        custodians: custodiansUsed(saved.ignoreCustodians),
      },
      scope: caseEmailScope(principal, found, { ignoreCustodians: saved.ignoreCustodians }),
    };
  }
  if ("searchQuery" in source) {
    return {
      query: { kind: "search", searchQuery: source.searchQuery, savedSearchId: null, custodians: custodiansUsed(false) },
      scope: caseEmailScope(principal, found),
    };
  }
  if ("holdId" in source) {
    const hold = await tx.legalHold.findFirst({ where: { id: source.holdId, caseId: found.id } });
    if (!hold) throw notFound("Legal hold");
    return { query: { kind: "hold", holdId: hold.id, holdName: hold.name }, scope: contentScope(principal.ability) };
  }
  const tag = await findTag(tx, found.id, source.tagId);
  return { query: { kind: "tag", tagId: tag.id, tagName: tag.name }, scope: contentScope(principal.ability) };
}

/** A PDF production's settings with its withheld tags resolved to the case's tags (422 naming an unknown one). */
async function productionSettings(tx: Tx, caseId: string, input: CreateExportInput): Promise<ProductionSettings | null> {
  if (input.format !== "pdf" || !input.bates) return null;
  const names = [...new Set((input.withhold?.tags ?? []).map(nameKey))];
  const tags =
    names.length === 0
      ? []
      : await tx.ediscoveryTag.findMany({ where: { caseId, nameKey: { in: names } }, select: { id: true, name: true, nameKey: true } });
  const missing = names.filter((key) => !tags.some((tag) => tag.nameKey === key));
  if (missing.length > 0)
    throw validationError([
      {
        field: "withhold.tags",
        message: `no tag of this case is named ${missing.map((key) => JSON.stringify(key.slice(0, 60))).join(", ")}`,
      },
    ]);
  return {
    bates: input.bates,
    redact: (input.redact ?? []).map((rule) => ({ pattern: rule.pattern, kind: rule.kind, label: rule.label ?? DEFAULT_REDACTION_LABEL })),
    withhold: { tags: tags.map((tag) => ({ id: tag.id, name: tag.name })) },
    endorsement: input.endorsement ?? null,
  };
}

/**
 * Queues an export for the worker. The selection is resolved now (the exact query, hold or tag, and
 * the creator's role conditions) and kept on the record; the emails themselves are fixed when the
 * worker starts it. Audited as EXPORT (phase "created") with the case and the query.
 */
export async function createExport(options: { principal: Principal; caseId: string; input: CreateExportInput }): Promise<ExportDto> {
  const { principal, input } = options;
  return transaction(async (tx) => {
    const found = await accessibleCase(tx, principal, options.caseId, "share");
    assertCaseOpen(found);
    const resolved = await resolveSource(tx, principal, found, input.source);
    const scope = resolved.scope;
    const query: ExportQuery = input.inclusiveOnly ? { ...resolved.query, inclusiveOnly: true } : resolved.query;
    const production = await productionSettings(tx, found.id, input);
    const created = await tx.ediscoveryExport.create({
      data: {
        caseId: found.id,
        name: input.name,
        format: input.format,
        source: input.source as object,
        queryUsed: query as object,
        scope: scope === null ? undefined : (scope as object),
        includeAttachmentText: input.includeAttachmentText ?? false,
        production: production === null ? undefined : (production as object),
        createdById: principal.userId,
      },
    });
    await appendAuditEntry(tx, {
      actor: principal.actor,
      actionType: "EXPORT",
      targetType: "EdiscoveryExport",
      targetId: created.id,
      details: {
        phase: "created",
        caseId: found.id,
        name: created.name,
        format: created.format,
        query,
        restricted: scope !== null,
        ...(production && { production: publicSettings(production), redactionPatternsSha256: redactionPatternsSha256(production) }),
      },
    });
    return exportDto(created);
  });
}
