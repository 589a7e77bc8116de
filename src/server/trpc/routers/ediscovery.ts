import { applyTag } from "../../ediscovery/apply-tag";
import { cancelExport } from "../../ediscovery/cancel-export";
import { createExport } from "../../ediscovery/create-export";
import { getExport } from "../../ediscovery/get-export";
import { listExports } from "../../ediscovery/list-exports";
import { createTag } from "../../ediscovery/create-tag";
import { deleteTag } from "../../ediscovery/delete-tag";
import { listTags } from "../../ediscovery/list-tags";
import { createCase } from "../../ediscovery/create-case";
import { createSavedSearch } from "../../ediscovery/create-saved-search";
import { deleteCase } from "../../ediscovery/delete-case";
import { deleteSavedSearch } from "../../ediscovery/delete-saved-search";
import {
  applyTagSchema,
  caseActivitySchema,
  caseExportParamsSchema,
  caseIdParamsSchema,
  caseSearchParamsSchema,
  caseTagParamsSchema,
  createCaseSchema,
  createExportSchema,
  createTagSchema,
  listTaggedSchema,
  removeTagSchema,
  savedSearchSchema,
  updateCaseSchema,
  updateSavedSearchSchema,
} from "../../ediscovery/ediscovery.schemas";
import { getCase } from "../../ediscovery/get-case";
import { getSavedSearch } from "../../ediscovery/get-saved-search";
import { listSavedSearches } from "../../ediscovery/list-saved-searches";
import { listCases } from "../../ediscovery/list-cases";
import { removeTag } from "../../ediscovery/remove-tag";
import { runSavedSearch } from "../../ediscovery/run-saved-search";
import { updateCase } from "../../ediscovery/update-case";
import { updateSavedSearch } from "../../ediscovery/update-saved-search";
import { listCaseActivity } from "../../ediscovery/list-case-activity";
import { listTaggedEmails } from "../../ediscovery/list-tagged-emails";
import { verifyExport } from "../../ediscovery/verify-export";
import { procedure, router } from "../init";

const readCases = procedure({ permission: "read:ediscovery", feature: "EDISCOVERY" });
const manageCases = procedure({ permission: "manage:ediscovery", feature: "EDISCOVERY" });

export const ediscoveryRouter = router({
  list: readCases.query(({ ctx }) => listCases({ principal: ctx.principal })),
  get: readCases.input(caseIdParamsSchema).query(({ ctx, input }) => getCase({ principal: ctx.principal, id: input.id })),
  create: manageCases.input(createCaseSchema).mutation(({ ctx, input }) => createCase({ principal: ctx.principal, input })),
  update: manageCases
    .input(caseIdParamsSchema.extend({ data: updateCaseSchema }))
    .mutation(({ ctx, input }) => updateCase({ principal: ctx.principal, id: input.id, input: input.data })),
  delete: manageCases.input(caseIdParamsSchema).mutation(({ ctx, input }) => deleteCase({ principal: ctx.principal, id: input.id })),
  searches: readCases
    .input(caseIdParamsSchema)
    .query(({ ctx, input }) => listSavedSearches({ principal: ctx.principal, caseId: input.id })),
  search: readCases
    .input(caseSearchParamsSchema)
    .query(({ ctx, input }) => getSavedSearch({ principal: ctx.principal, caseId: input.id, searchId: input.searchId })),
  createSearch: manageCases
    .input(caseIdParamsSchema.extend({ data: savedSearchSchema }))
    .mutation(({ ctx, input }) => createSavedSearch({ principal: ctx.principal, caseId: input.id, input: input.data })),
  updateSearch: manageCases
    .input(caseSearchParamsSchema.extend({ data: updateSavedSearchSchema }))
    .mutation(({ ctx, input }) =>
      updateSavedSearch({ principal: ctx.principal, caseId: input.id, searchId: input.searchId, input: input.data }),
    ),
  deleteSearch: manageCases
    .input(caseSearchParamsSchema)
    .mutation(({ ctx, input }) => deleteSavedSearch({ principal: ctx.principal, caseId: input.id, searchId: input.searchId })),
  runSearch: procedure({ permission: "read:ediscovery", feature: "EDISCOVERY", rateLimit: "search" })
    .input(caseSearchParamsSchema)
    .mutation(({ ctx, input }) => runSavedSearch({ principal: ctx.principal, caseId: input.id, searchId: input.searchId })),
  tags: readCases.input(caseIdParamsSchema).query(({ ctx, input }) => listTags({ principal: ctx.principal, caseId: input.id })),
  createTag: manageCases
    .input(caseIdParamsSchema.extend(createTagSchema.shape))
    .mutation(({ ctx, input }) => createTag({ principal: ctx.principal, caseId: input.id, name: input.name })),
  deleteTag: manageCases
    .input(caseTagParamsSchema)
    .mutation(({ ctx, input }) => deleteTag({ principal: ctx.principal, caseId: input.id, tagId: input.tagId })),
  applyTag: procedure({ permission: "manage:ediscovery", feature: "EDISCOVERY", rateLimit: "bulkApply" })
    .input(caseTagParamsSchema.extend({ data: applyTagSchema }))
    .mutation(({ ctx, input }) => applyTag({ principal: ctx.principal, caseId: input.id, tagId: input.tagId, input: input.data })),
  removeTag: manageCases
    .input(caseTagParamsSchema.extend(removeTagSchema.shape))
    .mutation(({ ctx, input }) => removeTag({ principal: ctx.principal, caseId: input.id, tagId: input.tagId, emailIds: input.emailIds })),
  /** UI only (no REST route): the review view, the case's tagged emails with their tags. */
  taggedEmails: readCases.input(caseIdParamsSchema.extend(listTaggedSchema.shape)).query(({ ctx, input }) => {
    const { id, ...query } = input;
    return listTaggedEmails({ principal: ctx.principal, caseId: id, input: query });
  }),
  /** UI only (no REST route): the activity tab, the case's audit entries. */
  caseActivity: readCases.input(caseIdParamsSchema.extend(caseActivitySchema.shape)).query(({ ctx, input }) => {
    const { id, ...query } = input;
    return listCaseActivity({ principal: ctx.principal, caseId: id, input: query });
  }),
  exports: readCases.input(caseIdParamsSchema).query(({ ctx, input }) => listExports({ principal: ctx.principal, caseId: input.id })),
  export: readCases
    .input(caseExportParamsSchema)
    .query(({ ctx, input }) => getExport({ principal: ctx.principal, caseId: input.id, exportId: input.exportId })),
  createExport: procedure({ permission: "manage:ediscovery", feature: "EDISCOVERY", rateLimit: "export" })
    .input(caseIdParamsSchema.extend({ data: createExportSchema }))
    .mutation(({ ctx, input }) => createExport({ principal: ctx.principal, caseId: input.id, input: input.data })),
  cancelExport: manageCases
    .input(caseExportParamsSchema)
    .mutation(({ ctx, input }) => cancelExport({ principal: ctx.principal, caseId: input.id, exportId: input.exportId })),
  /** UI only (no REST route): verifies a completed production with the installation key, as a recipient would. */
  verifyExport: procedure({ permission: "read:ediscovery", feature: "EDISCOVERY", rateLimit: "export" })
    .input(caseExportParamsSchema)
    .mutation(({ ctx, input }) => verifyExport({ principal: ctx.principal, caseId: input.id, exportId: input.exportId })),
});
