import * as labels from "../../../api/retention/retention-labels.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const retentionLabelsRouter = router({
  list: query(labels.listLabelsOperation),
  get: query(labels.getLabelOperation),
  create: mutation(labels.createLabelOperation),
  update: mutation(labels.updateLabelOperation),
  delete: mutation(labels.deleteLabelOperation),
  emailLabel: query(labels.getEmailLabelOperation),
  applicable: query(labels.listApplicableLabelsOperation),
  applyToEmail: mutation(labels.applyLabelToEmailOperation),
  removeFromEmail: mutation(labels.removeLabelFromEmailOperation),
});
