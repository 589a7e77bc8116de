import { routeMethods } from "@/server/http/rest-endpoint";

/**
 * The interactive REST reference: Scalar's browser bundle (served from its npm package by
 * ./scalar.js, no CDN) renders GET /v1/openapi.json. The site's CSP (next.config.mjs) lets it
 * run: its script comes from this origin, its configuration is the one inline script.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Email archive service — API reference</title>
  </head>
  <body>
    <div id="api-reference"></div>
    <script src="/api-docs/scalar.js"></script>
    <script>
      Scalar.createApiReference("#api-reference", {
        url: "/v1/openapi.json",
        withDefaultFonts: false,
      });
    </script>
  </body>
</html>`;

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: async () => new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } }),
});
