import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Capabilities } from "@/lib/capabilities";
import { APP_SECTIONS, landingPath, sectionOf } from "./app-sections";

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
  deletionEnabled: false,
  restoreArchive: false,
  readUsers: false,
  readAudit: false,
  manageIngestion: false,
  manageAll: false,
  manageHolds: false,
  manageRetention: false,
  manageDispositions: false,
  reviewDispositions: false,
  manageUsers: false,
  manageSettings: false,
  manageSystem: false,
  legalHolds: true,
  retention: true,
  readEdiscovery: false,
  manageEdiscovery: false,
  searchEngine: "postgres",
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

  it("land each role on a page it may open, the IT Administrator on the system status", () => {
    const itAdministrator: Capabilities = {
      ...none,
      readArchive: false,
      readUsers: true,
      readAudit: true,
      manageIngestion: true,
      manageUsers: true,
      manageSettings: true,
      manageSystem: true,
    };
    expect(landingPath(none)).toBe("/dashboard");
    expect(landingPath(itAdministrator)).toBe("/system");
    expect(sectionOf(landingPath(itAdministrator))?.visible(itAdministrator)).toBe(true);
    // An account with no permission at all still lands on a page it may open.
    const nothing: Capabilities = { ...none, readArchive: false, retention: false, legalHolds: false };
    expect(sectionOf(landingPath(nothing))?.visible(nothing)).toBe(true);
  });

  it("list Disposition review only for those with a queue: manage:dispositions, or named as a rule's reviewer", () => {
    const visibleLabels = (can: Capabilities) => APP_SECTIONS.filter((section) => section.visible(can)).map((section) => section.label);
    const itAdministrator: Capabilities = { ...none, readArchive: false, manageSystem: true, manageIngestion: true };
    expect(visibleLabels(itAdministrator)).not.toContain("Disposition review");
    expect(visibleLabels({ ...none, manageDispositions: true, reviewDispositions: true })).toContain("Disposition review");
    expect(visibleLabels({ ...none, reviewDispositions: true })).toContain("Disposition review");
  });
});
