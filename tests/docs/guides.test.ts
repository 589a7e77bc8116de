import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { STORAGE_KEY_FILE_NAME } from "@/server/archive/storage/storage-key";
import { PREDEFINED_ROLES } from "@/server/identity/roles/predefined-roles";
import { GENERATED_SECRET_FILES } from "@/server/platform/config/secrets";
import { SIGNING_KEY_FILE_NAME } from "@/server/platform/signing/installation-signing-key";

/**
 * The guides a newcomer follows in their first hour state what the code does: each check reads the
 * fact from the source (roles, secrets, form fields, port variables, the UI's permission checks), so a
 * change of the code that leaves a guide behind fails here.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** The text of a markdown section: from its heading (`## Title`, any level) to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const start = markdown.split("\n").findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, "") === heading);
  expect(start, `a section "${heading}"`).toBeGreaterThanOrEqual(0);
  const lines = markdown.split("\n");
  const level = lines[start].indexOf(" ");
  const end = lines.findIndex((line, index) => index > start && /^#+ /.test(line) && line.indexOf(" ") <= level);
  return lines.slice(start + 1, end === -1 ? undefined : end).join("\n");
}

/** The rows of the markdown tables in `text`, as arrays of trimmed cells. */
const tableRows = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("|") && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );

/** The labels a React form component renders (`label="…"`, `<summary>…</summary>`, the shared Mailboxes field). */
function formLabels(source: string, component: string): string[] {
  const body = source.slice(source.indexOf(`export function ${component}(`)).split("\nexport function ")[0];
  const labels = [...body.matchAll(/label="([^"]+)"/g), ...body.matchAll(/<summary[^>]*>([^<]+)<\/summary>/g)].map((match) => match[1]);
  return body.includes("<MailboxesField") ? [...labels, "Mailboxes"] : labels;
}

describe("README", () => {
  const readme = read("README.md");

  it("lists every user guide in docs/ under Documentation", () => {
    const listed = section(readme, "Documentation");
    const guides = readdirSync(join(ROOT, "docs")).filter((file) => file.endsWith(".md"));
    expect(guides.length).toBeGreaterThan(10);
    expect(guides.filter((file) => !listed.includes(`](docs/${file})`))).toEqual([]);
  });

  it("says how to move every port the service listens on", () => {
    const variables = [...read("src/server/platform/config/env.ts").matchAll(/FromEnv\("((?:[A-Z_]+_)?PORT)"/g)].map((match) => match[1]);
    expect(variables).toEqual(expect.arrayContaining(["PORT", "EMBEDDED_PG_PORT", "JOURNAL_SMTP_PORT"]));
    const ports = section(readme, "Ports, and a second instance on the same machine");
    expect(variables.filter((variable) => !ports.includes(`\`${variable}\``))).toEqual([]);
  });

  it("says where export-key.pem comes from: the route that publishes the installation's key", () => {
    const route = "/api/v1/enterprise/ediscovery/export-key";
    expect(read("src/server/api/ediscovery/ediscovery.operations.ts")).toContain(`path: "${route}"`);
    const ediscovery = section(readme, "eDiscovery");
    expect(ediscovery).toContain("export-key.pem");
    expect(ediscovery).toContain(route);
  });
});

describe("docs/admin-guide.md", () => {
  const guide = read("docs/admin-guide.md");

  it.each(["docs/admin-guide.md", "docs/auth.md"])("%s lists every predefined role with exactly its permissions", (file) => {
    const rows = tableRows(read(file));
    for (const role of PREDEFINED_ROLES) {
      const row = rows.find((cells) => cells[0] === role.name);
      expect(row, `${file} has a row for the role ${role.name}`).toBeDefined();
      const documented = [...(row![1] ?? "").matchAll(/`([a-z]+:[a-z]+)`/g)].map((match) => match[1]).sort();
      expect(documented, `${file}: permissions of ${role.name}`).toEqual(
        role.policies.map((policy) => `${policy.action}:${policy.subject}`).sort(),
      );
    }
  });

  it("names every secret the installation generates in DATA_DIR among the keys to keep safe, the storage key included", () => {
    const keys = guide.slice(guide.indexOf("**Keys to keep safe.**"), guide.indexOf("## 2. The first day"));
    for (const file of [...Object.values(GENERATED_SECRET_FILES), SIGNING_KEY_FILE_NAME, STORAGE_KEY_FILE_NAME])
      expect(keys, file).toContain(`\`${file}\``);
  });

  it.each([
    ["docs/admin-guide.md", "Connecting Microsoft 365 or Google Workspace"],
    ["docs/connectors.md", "Microsoft 365"],
    ["docs/connectors.md", "Google Workspace"],
  ])("%s (%s) names the fields of the cloud source forms and links the connector guide", (file, heading) => {
    const fields = read("src/app/(app)/sources/source-fields.tsx");
    const text = section(read(file), heading);
    const components =
      heading === "Microsoft 365"
        ? ["Microsoft365Fields"]
        : heading === "Google Workspace"
          ? ["GoogleWorkspaceFields"]
          : ["Microsoft365Fields", "GoogleWorkspaceFields"];
    for (const component of components) {
      const labels = formLabels(fields, component);
      expect(labels.length, component).toBeGreaterThan(4);
      expect(
        labels.filter((label) => !text.includes(label)),
        `${file}: fields of ${component}`,
      ).toEqual([]);
    }
    if (file === "docs/admin-guide.md") expect(text).toContain("](connectors.md)");
  });
});

describe("docs/operations.md", () => {
  it("gives a restore beside a running service its own embedded database port", () => {
    expect(section(read("docs/operations.md"), "Restore, step by step")).toContain("EMBEDDED_PG_PORT=");
  });
});

describe("docs/retention.md and docs/ediscovery.md", () => {
  it("no heading calls a feature that has a page 'not in the interface'", () => {
    const headings = read("docs/retention.md")
      .split("\n")
      .filter((line) => /^#+ /.test(line));
    expect(headings.filter((line) => line.includes("not in the interface"))).toEqual([]);
  });

  it("says who may use 'New hold for this case': the permission the case page checks", () => {
    const capability = /manageHolds: can\(principal\.ability, "([a-z]+:[a-z]+)"\)/.exec(read("src/server/api/ui-capabilities.ts"))?.[1];
    expect(capability).toBeDefined();
    expect(read("src/app/(app)/cases/[id]/case-overview.tsx")).toContain('can.manageHolds && matter.status === "open"');
    const docs = read("docs/ediscovery.md");
    const paragraph = docs.slice(
      docs.lastIndexOf("\n  - ", docs.indexOf("_New hold for this case_")),
      docs.indexOf("_New hold for this case_"),
    );
    expect(paragraph).toContain(`\`${capability}\``);
  });
});
