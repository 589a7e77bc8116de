import { PostgresSearchEngine } from "./postgres-search-engine";
import { registerSearchEngineContract } from "@tests/helpers/search-engine-contract";

const engine = new PostgresSearchEngine();

registerSearchEngineContract({ engine: () => engine });
