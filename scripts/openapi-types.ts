import { writeFile } from "node:fs/promises";
import { OPERATION_MODULES_FILE, operationModulesSource } from "./openapi/operation-modules";

// The list of declaration modules first: the document (and so the types) is built from it.
await writeFile(OPERATION_MODULES_FILE, await operationModulesSource());
console.log(`wrote ${OPERATION_MODULES_FILE}`);
const { OPENAPI_TYPES_FILE, openApiTypesSource } = await import("./openapi/openapi-types");
await writeFile(OPENAPI_TYPES_FILE, await openApiTypesSource());
console.log(`wrote ${OPENAPI_TYPES_FILE}`);
process.exit(0);
