import { routeMethods } from "@/server/transport/http/rest-endpoint";

/**
 * The interactive REST reference: Scalar's browser bundle (served from its npm package by
 * ./scalar.js, no CDN) renders GET /v1/openapi.json. The site's CSP (next.config.mjs) lets it
 * run: its script comes from this origin, its configuration is the one inline script.
 *
 * Self-contained and offline:
 * - The mount point is not `#api-reference`: the bundle mounts a second, unconfigured reference on an
 *   element with that id by itself, which left a loading skeleton above the real one (the document only
 *   showed after scrolling).
 * - The agent ("Ask AI") is disabled on the source (1.72 reads it there, not at the top level), the
 *   MCP generator at the top level; both are otherwise on whenever the page is served from localhost.
 *   The API client's button and the developer tools are hidden, telemetry is off.
 * - The bundle declares Inter on fonts.scalar.com even with `withDefaultFonts: false`; the style below
 *   sets Scalar's font variables to system fonts before the bundle runs, so that font is never loaded,
 *   and hides the sidebar's "Powered by Scalar" link (the one link out of the page).
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Email archive service — API reference</title>
    <style>
      :root, .scalar-app, .light-mode, .dark-mode, .scalar-app * {
        --scalar-font: system-ui, sans-serif;
        --scalar-font-code: ui-monospace, monospace;
      }
      .references-sidebar a[href^="https://www.scalar.com"] { display: none; }
    </style>
  </head>
  <body>
    <div id="reference"></div>
    <script src="/api-docs/scalar.js"></script>
    <script>
      Scalar.createApiReference("#reference", {
        sources: [{ url: "/v1/openapi.json", agent: { disabled: true } }],
        withDefaultFonts: false,
        hideClientButton: true,
        showDeveloperTools: "never",
        telemetry: false,
        mcp: { disabled: true },
      });
    </script>
  </body>
</html>`;

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: async () => new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } }),
});
