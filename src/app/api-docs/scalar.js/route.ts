import { readFile } from "node:fs/promises";
import path from "node:path";
import { routeMethods } from "@/server/transport/http/rest-endpoint";

/** Scalar's standalone browser bundle, from the installed package (the version package.json pins). */
const BUNDLE = path.join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");

let bundle: Promise<Buffer> | undefined;

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: async () => {
    bundle ??= readFile(BUNDLE);
    return new Response(new Uint8Array(await bundle), {
      headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" },
    });
  },
});
