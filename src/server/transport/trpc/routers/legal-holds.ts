import * as holds from "../../../api/retention/legal-holds.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const legalHoldsRouter = router({
  list: query(holds.listHoldsOperation),
  get: query(holds.getHoldOperation),
  create: mutation(holds.createHoldOperation),
  update: mutation(holds.updateHoldOperation),
  delete: mutation(holds.deleteHoldOperation),
  emails: query(holds.listHoldEmailsOperation),
  previewBulkApply: query(holds.previewBulkApplyOperation),
  bulkApply: mutation(holds.bulkApplyHoldOperation),
  releaseAll: mutation(holds.releaseAllOperation),
  emailHolds: query(holds.listEmailHoldsOperation),
  applyToEmail: mutation(holds.applyHoldToEmailOperation),
  removeFromEmail: mutation(holds.removeHoldFromEmailOperation),
});
