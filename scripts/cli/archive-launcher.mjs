// `npm run archive`: runs the command line's bundle (scripts/cli/cli-bundle.mjs), rebuilt first when
// a source changed, in this process, so the Node flags of the npm script apply to it.
import { pathToFileURL } from "node:url";
import { freshCliBundle } from "./cli-bundle.mjs";

await import(pathToFileURL(await freshCliBundle(process.cwd())).href);
