import * as search from "../../../api/search/search.operations";
import { router } from "../init";
import { query } from "../operation-procedure";

export const searchRouter = router({
  run: query(search.searchArchiveOperation),
  explain: query(search.explainSearchOperation),
  indexStatus: query(search.indexStatusOperation),
});
