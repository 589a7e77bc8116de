// ESLint 9 flat config: typescript-eslint (with the type-aware promise rules), the Next.js rules, and the
// rules that keep Next.js and tRPC in the transports; the layer order of src/server is dependency-cruiser's (.dependency-cruiser.cjs, `npm run lint:layers`).
// Formatting is Prettier's (eslint-config-prettier turns off the rules it owns); cycles are madge's
// (`npm run lint:cycles`).
import nextPlugin from "@next/eslint-plugin-next";
import prettier from "eslint-config-prettier";
import tseslint from "typescript-eslint";

// Folders of src/server that are transports, or the UI session's plumbing (next-auth, next/headers),
// and may use Next.js and tRPC.
const TRANSPORT_FILES = ["src/server/transport/trpc/**", "src/server/transport/http/**", "src/server/identity/auth/session/**"];

// What creates a file or directory with the umask's mode; server code uses src/server/platform/files/private-files.ts instead.
const FILE_CREATING_FUNCTIONS = [
  "writeFile",
  "writeFileSync",
  "appendFile",
  "appendFileSync",
  "createWriteStream",
  "mkdir",
  "mkdirSync",
  "copyFile",
  "copyFileSync",
  "cp",
  "cpSync",
];

// SQL text lives only in a domain's query modules (`*.queries.ts`, docs/architecture.md "Data access")
// and in the database plumbing of src/server/db.
const SQL_TEXT_MESSAGE = "SQL text belongs in the domain's *.queries.ts (docs/architecture.md, Data access).";
const SQL_TEXT_SELECTORS = [
  "TaggedTemplateExpression[tag.object.name='Prisma'][tag.property.name='sql']",
  "TaggedTemplateExpression[tag.property.name=/^\\$(queryRaw|executeRaw)$/]",
  "CallExpression[callee.property.name=/^\\$(queryRaw|executeRaw)(Unsafe)?$/]",
  "CallExpression[callee.property.name='query'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
  "CallExpression[callee.object.name='Prisma'][callee.property.name='raw']",
];

// `void promise` lets a promise run without waiting for it; no-floating-promises accepts that, so a
// comment on the line, or the line above the statement, says why it is safe (who handles its failure).
const voidPromiseNeedsReason = {
  meta: {
    type: "suggestion",
    schema: [],
    messages: { reason: "Say in a comment why this promise is not awaited (who handles its failure)." },
  },
  create(context) {
    const source = context.sourceCode;
    const services = source.parserServices;
    const commented = new Set(source.getAllComments().flatMap((comment) => [comment.loc.start.line, comment.loc.end.line]));
    // `void p.catch(log)` says itself who handles the failure.
    const handlesRejection = (node) =>
      node.type === "CallExpression" &&
      node.callee.type === "MemberExpression" &&
      (node.callee.property.name === "catch" || (node.callee.property.name === "then" && node.arguments.length === 2));
    const isThenable = (type) => (type.isUnion() ? type.types.some(isThenable) : type.getProperty("then") !== undefined);
    return {
      "UnaryExpression[operator='void']"(node) {
        if (!services?.program || !isThenable(services.getTypeAtLocation(node.argument)) || handlesRejection(node.argument)) return;
        const statement = source
          .getAncestors(node)
          .findLast((ancestor) => /Statement|Declaration|JSXAttribute|Property$/.test(ancestor.type));
        const lines = [node.loc.start.line, node.loc.start.line - 1, (statement ?? node).loc.start.line - 1];
        if (!lines.some((line) => commented.has(line))) context.report({ node, messageId: "reason" });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "src/generated/**",
      "next-env.d.ts",
      "data/**",
      ".test-data/**",
      ".e2e-data/**",
      ".bench-data/**",
      ".prof/**",
      ".workers/**",
      ".cli/**",
      "test-results/**",
      "playwright-report/**",
      "docs/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mts,mjs}"],
    plugins: { "@next/next": nextPlugin },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // (typescript-eslint's twin of no-restricted-imports, which the src/server block below sets for itself)
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(\\.\\./)+tests/", message: "Import test helpers through the alias @tests/ (@tests/helpers/auth)." }] },
      ],
    },
    settings: { next: { rootDir: "." } },
  },
  {
    // Domain code never depends on a transport: Next.js and tRPC stay in the transport folders.
    files: ["src/server/**/*.{ts,tsx,mts,mjs}"],
    ignores: [...TRANSPORT_FILES, "src/server/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["next", "next/*"], message: "Domain code must not import Next.js; do it in src/server/transport/http or a route." },
            { group: ["@trpc/*"], message: "Domain code must not import tRPC; do it in src/server/transport/trpc." },
          ],
          // Files and directories are created 0600 / 0700 whatever the umask, by one module (docs/operations.md, "File permissions").
          paths: ["node:fs", "node:fs/promises", "fs", "fs/promises"].map((name) => ({
            name,
            importNames: FILE_CREATING_FUNCTIONS,
            message: "Create files and directories through src/server/platform/files/private-files.ts (0600 / 0700 whatever the umask).",
          })),
        },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.queries.ts", "src/server/platform/db/**", "src/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...SQL_TEXT_SELECTORS.map((selector) => ({ selector, message: SQL_TEXT_MESSAGE }))],
    },
  },
  {
    // The environment is read in one module, which validates it (docs/configuration.md).
    files: ["src/**/*.{ts,tsx,mts,mjs}"],
    ignores: ["src/server/platform/config/env.ts", "src/**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read the environment through src/server/platform/config/env.ts (docs/configuration.md).",
        },
      ],
    },
  },
  {
    // Promises are awaited, returned or explicitly let go (`void` with a comment saying why); a promise
    // is not passed where a callback's result is ignored; only thenables are awaited. These rules need
    // the types, which typescript-eslint's project service takes from tsconfig.json.
    files: ["src/**/*.{ts,tsx}", "scripts/**/*.ts", "tests/**/*.ts", "e2e/**/*.ts", "*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { local: { rules: { "void-promise-needs-reason": voidPromiseNeedsReason } } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "local/void-promise-needs-reason": "error",
    },
  },
  {
    // Tests and operator scripts read the API's JSON answers without declaring a type for each.
    files: ["tests/**", "e2e/**", "scripts/**", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  prettier,
);
