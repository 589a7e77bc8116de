import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Capabilities } from "@/lib/capabilities";
import { sectionOf } from "./app-sections";

const APP_DIR = path.join(process.cwd(), "src", "app", "(app)");

/** Every page's URL path under the signed-in layout ("/cases/[id]" → "/cases/x"). */
function pagePaths(dir = APP_DIR, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === "page.tsx" ? [prefix || "/"] : [];
    if (!entry.isDirectory()) return [];
    const segment = /^\[.+\]$/.test(entry.name) ? "x" : entry.name;
    return pagePaths(path.join(dir, entry.name), `${prefix}/${segment}`);
  });
}

const none: Capabilities = {
  user: { id: "u", email: "reader@example.com", name: "Rita", roleName: "Read Only" },
  readArchive: true,
  deleteArchive: false,
  restoreArchive: false,
  readUsers: false,
  readAudit: false,
  manageIngestion: false,
  manageAll: false,
  manageHolds: false,
  manageRetention: false,
  manageDispositions: false,
  manageUsers: false,
  manageSettings: false,
  manageSystem: false,
  legalHolds: true,
  retention: true,
  readEdiscovery: false,
  manageEdiscovery: false,
  mfaEnrolmentRequired: false,
};

describe("the signed-in sections", () => {
  it("cover every page, so no page opens without its section's rule", () => {
    const pages = pagePaths();
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) expect(sectionOf(page), `${page} belongs to no section of app-sections.ts`).toBeDefined();
  });

  it("close a section's pages below it too, and only its own", () => {
    expect(sectionOf("/cases/4f1c")?.visible(none)).toBe(false);
    expect(sectionOf("/holds")?.visible(none)).toBe(false);
    expect(sectionOf("/emails/4f1c")?.visible(none)).toBe(true);
    expect(sectionOf("/holdsX")).toBeUndefined();
  });
});
