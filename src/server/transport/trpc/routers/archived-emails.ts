import * as emails from "../../../api/archive/archived-emails.operations";
import * as occurrences from "../../../api/archive/occurrences.operations";
import * as restore from "../../../api/capture/restore.operations";
import * as analytics from "../../../api/analytics/analytics.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const archivedEmailsRouter = router({
  listBySource: query(emails.listEmailsBySourceOperation),
  get: query(emails.getArchivedEmailOperation),
  body: query(emails.renderEmailBodyOperation),
  occurrences: query(occurrences.listEmailOccurrencesOperation),
  thread: query(analytics.getEmailThreadOperation),
  folders: query(occurrences.listMailboxFoldersOperation),
  delete: mutation(emails.deleteArchivedEmailOperation),
  restore: mutation(restore.restoreEmailOperation),
  bulkRestore: mutation(restore.requestBulkRestoreOperation),
  restoreRun: query(restore.getRestoreRunOperation),
});
