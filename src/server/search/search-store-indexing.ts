import type { StoreIndexing } from "../archive/store/store-emails";
import { searchEngine } from "./search-engine-factory";

/** How the configured search engine takes newly stored emails (archive/store/store-emails.ts). */
export function searchStoreIndexing(): StoreIndexing {
  const engine = searchEngine();
  return {
    // PostgreSQL search: the rows are inserted with their vector already.
    vectorInRow: engine.name === "postgres",
    indexInTransaction: (client, emailIds) => (engine.name === "postgres" ? Promise.resolve() : engine.indexEmails(client, emailIds)),
  };
}
