import { writeFile } from "node:fs/promises";
import { OPENAPI_TYPES_FILE, openApiTypesSource } from "./openapi/openapi-types";

await writeFile(OPENAPI_TYPES_FILE, await openApiTypesSource());
console.log(`wrote ${OPENAPI_TYPES_FILE}`);
process.exit(0);
