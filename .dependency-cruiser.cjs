/**
 * The layers of src/server, bottom to top (docs/architecture.md, "Layers"). A context may import
 * only itself and the contexts below it; `npm run lint` fails on an upward import and names the rule
 * (`layers: <context> imports only below`). Tests (`*.test.ts`) are not a layer: they drive the code
 * from above, as a caller does, and may import any context.
 */
const LAYERS = [
  "platform",
  "audit",
  "settings",
  "identity",
  "archive",
  "search",
  "analytics",
  "retention",
  "ediscovery",
  "capture",
  "installation",
  "api",
  "transport",
  "composition",
];

const TEST_FILES = "\\.test\\.tsx?$";

const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `layers: ${layer} imports only below`,
  comment: `src/server/${layer} sits below ${LAYERS.slice(index + 1).join(", ")} (docs/architecture.md, "Layers"); move the code down or pass what it needs in.`,
  severity: "error",
  from: { path: `^src/server/${layer}/`, pathNot: TEST_FILES },
  to: { path: `^src/server/(${LAYERS.slice(index + 1).join("|")})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "layers: server code does not import the app",
      comment: "src/server is below src/app (pages and route files); the app imports the server, never the reverse.",
      severity: "error",
      from: { path: "^src/server/", pathNot: TEST_FILES },
      to: { path: "^src/app/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
