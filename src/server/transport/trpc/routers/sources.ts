import * as sources from "../../../api/capture/ingestion-sources.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const sourcesRouter = router({
  list: query(sources.listSourcesOperation),
  names: query(sources.listSourceNamesOperation),
  create: mutation(sources.createSourceOperation),
  update: mutation(sources.updateSourceOperation),
  delete: mutation(sources.deleteSourceOperation),
  journalListener: query(sources.getJournalListenerOperation),
  coverage: query(sources.getSourceCoverageOperation),
  sync: mutation(sources.requestSyncOperation),
  receipts: query(sources.listImportReceiptsOperation),
  receipt: query(sources.getImportReceiptOperation),
  verifyReceipt: query(sources.verifyImportReceiptOperation),
  progress: query(sources.getSyncProgressOperation),
});
