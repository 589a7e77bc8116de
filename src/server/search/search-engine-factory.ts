import { meiliConfigured } from "./meilisearch-index";
import { MeilisearchSearchEngine } from "./meilisearch-search-engine";
import { PostgresSearchEngine } from "./postgres-search-engine";
import type { SearchEngine } from "./search-engine";

let engine: SearchEngine | undefined;

/** The configured adapter: Meilisearch when MEILI_HOST is set, else PostgreSQL full-text search. */
export function searchEngine(): SearchEngine {
  engine ??= meiliConfigured() ? new MeilisearchSearchEngine() : new PostgresSearchEngine();
  return engine;
}
