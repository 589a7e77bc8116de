// Builds the command line's bundle (`npm install`, `npm run build`); `npm run archive` rebuilds a stale one itself.
import { buildCliBundle } from "./cli-bundle.mjs";

await buildCliBundle(process.cwd());
