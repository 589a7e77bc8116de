import * as ediscovery from "../../../api/ediscovery/ediscovery.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const ediscoveryRouter = router({
  list: query(ediscovery.listCasesOperation),
  get: query(ediscovery.getCaseOperation),
  create: mutation(ediscovery.createCaseOperation),
  update: mutation(ediscovery.updateCaseOperation),
  delete: mutation(ediscovery.deleteCaseOperation),
  searches: query(ediscovery.listSavedSearchesOperation),
  search: query(ediscovery.getSavedSearchOperation),
  createSearch: mutation(ediscovery.createSavedSearchOperation),
  updateSearch: mutation(ediscovery.updateSavedSearchOperation),
  deleteSearch: mutation(ediscovery.deleteSavedSearchOperation),
  runSearch: mutation(ediscovery.runSavedSearchOperation),
  runSearchWithElsewhere: mutation(ediscovery.runSavedSearchWithElsewhereOperation),
  tags: query(ediscovery.listTagsOperation),
  createTag: mutation(ediscovery.createTagOperation),
  deleteTag: mutation(ediscovery.deleteTagOperation),
  applyTag: mutation(ediscovery.applyTagOperation),
  removeTag: mutation(ediscovery.removeTagOperation),
  taggedEmails: query(ediscovery.listTaggedEmailsOperation),
  caseAnalytics: query(ediscovery.getCaseAnalyticsOperation),
  memberCandidates: query(ediscovery.listMemberCandidatesOperation),
  caseActivity: query(ediscovery.listCaseActivityOperation),
  exports: query(ediscovery.listExportsOperation),
  export: query(ediscovery.getExportOperation),
  createExport: mutation(ediscovery.createExportOperation),
  cancelExport: mutation(ediscovery.cancelExportOperation),
  verifyExport: mutation(ediscovery.verifyExportOperation),
});
