import * as dispositions from "../../../api/retention/dispositions.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const dispositionsRouter = router({
  list: query(dispositions.listDispositionsOperation),
  queueSize: query(dispositions.countReviewQueueOperation),
  decide: mutation(dispositions.decideDispositionsOperation),
  certificate: query(dispositions.destructionCertificateOperation),
});
