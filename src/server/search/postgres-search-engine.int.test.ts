import { PostgresSearchEngine } from "./postgres-search-engine";
import { registerSearchEngineContract } from "./search-engine.contract";

const engine = new PostgresSearchEngine();

registerSearchEngineContract({ engine: () => engine });
