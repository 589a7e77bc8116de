import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { principalForUser } from "../../src/server/identity/auth/authenticate";
import type { Principal } from "../../src/server/identity/auth/principal";
import { db, transaction, type Tx } from "../../src/server/platform/db/client";
import { HOLD_LINK_COUNT, keptCounts } from "../../src/server/platform/db/kept-counts";
import { updateCase } from "../../src/server/ediscovery/update-case";
import { deleteHold } from "../../src/server/retention/holds/delete-hold";
import { authorizeHoldRelease } from "../../src/server/retention/holds/hold-release";
import { releaseAll } from "../../src/server/retention/holds/release-all";
import { removeHoldFromEmail } from "../../src/server/retention/holds/remove-hold-from-email";
import { updateHold } from "../../src/server/retention/holds/update-hold";
import { runLifecycleCycle } from "../../src/server/retention/lifecycle/run-lifecycle-cycle";
import { deleteAllRows } from "../../src/server/installation/installation.queries";
import { createUserWithRole, setupAdmin, type TestUser } from "../helpers/auth";
import { createCaseVia, EDISCOVERY } from "../helpers/ediscovery";
import { ensureTestSource, insertTestEmail } from "../helpers/emails";
import { withHoldReleaseAllowed } from "../helpers/hold-guard";
import { useEmptyDatabasePerTest } from "../helpers/reset-database";
import { api } from "../helpers/rest-client";
import { applyHold, createPolicy, daysAgo, setHoldActive } from "../helpers/retention";

/**
 * Legal holds are lifted only by someone allowed to manage holds (issue 34, item 2). Protection
 * goes away when a hold is deactivated or deleted or a link of an active hold is removed; the rule
 * is src/server/retention/holds/hold-release.ts, backed by the database's guards (migration
 * 20261127170000_hold_release_guard). This file walks every code path of that class:
 *  1. the source is scanned for every statement or call that can deactivate or delete a hold or
 *     remove a link (directly, or by deleting a row the links or holds hang on), and the list must
 *     equal PATHS: a new path fails here until it is listed with the walk that proves it;
 *  2. each walk drives its path as a caller who holds every permission but the hold manager's, and
 *     the hold, its links and the email are still there afterwards.
 */
useEmptyDatabasePerTest();

const HOLDS = "/api/v1/enterprise/legal-holds/holds";
const CASES = `${EDISCOVERY}/cases`;

const KINDS = {
  "hold table write (SQL)": /\b(?:UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+"?(?:email_)?legal_holds\b/gi,
  "hold table write (Prisma)": /\.(?:legalHold|emailLegalHold)\.(?:update|updateMany|delete|deleteMany|upsert)\s*\(/g,
  "email deletion (links cascade)": /DELETE\s+FROM\s+"?archived_emails\b|\.archivedEmail\.(?:delete|deleteMany)\s*\(/gi,
  "case deletion (holds refer to it)": /DELETE\s+FROM\s+"?ediscovery_cases\b|\.ediscoveryCase\.(?:delete|deleteMany)\s*\(/gi,
  "source deletion (emails refer to it)": /DELETE\s+FROM\s+"?ingestion_sources\b|\.ingestionSource\.(?:delete|deleteMany)\s*\(/gi,
  "deletion from a table named at run time": /DELETE\s+FROM\s+\$\{/g,
  "triggers switched off": /DISABLE\s+TRIGGER|TRIGGER\s+USER/gi,
  "call of a statement above":
    /\b(?:deleteHoldLinks|deleteEmailRow|deleteDecidedEmails|deleteSourceRow|deleteAllRows|setUserTriggers)\s*\(/g,
  "release authorization": /archive\.hold_release_by|\bauthorizeHoldRelease\s*\(|\ballowHoldReleaseInTransaction\s*\(/g,
} as const;
type Kind = keyof typeof KINDS;

type Walk =
  | "close case"
  | "update hold"
  | "delete hold"
  | "release all"
  | "remove link"
  | "delete email"
  | "lifecycle"
  | "delete case"
  | "delete source"
  | "fold counts"
  | "restore tables"
  | "side doors";

/** Every place that can lift protection, and the walk below that proves a caller without hold rights cannot through it. */
const PATHS: { file: string; kind: Kind; walk: Walk; why?: string }[] = [
  { file: "src/server/retention/holds/hold-release.ts", kind: "hold table write (Prisma)", walk: "close case" },
  { file: "src/server/retention/holds/hold-release.ts", kind: "release authorization", walk: "close case" },
  { file: "src/server/retention/holds/update-hold.ts", kind: "hold table write (Prisma)", walk: "update hold" },
  { file: "src/server/retention/holds/update-hold.ts", kind: "release authorization", walk: "update hold" },
  { file: "src/server/retention/holds/delete-hold.ts", kind: "hold table write (Prisma)", walk: "delete hold" },
  { file: "src/server/retention/holds/delete-hold.ts", kind: "release authorization", walk: "delete hold" },
  { file: "src/server/retention/holds/release-all.ts", kind: "call of a statement above", walk: "release all" },
  { file: "src/server/retention/holds/release-all.ts", kind: "release authorization", walk: "release all" },
  { file: "src/server/retention/holds/remove-hold-from-email.ts", kind: "hold table write (Prisma)", walk: "remove link" },
  { file: "src/server/retention/holds/remove-hold-from-email.ts", kind: "release authorization", walk: "remove link" },
  { file: "src/server/retention/holds/legal-holds.queries.ts", kind: "hold table write (SQL)", walk: "release all" },
  { file: "src/server/retention/holds/legal-holds.queries.ts", kind: "call of a statement above", walk: "release all" },
  { file: "src/server/retention/holds/legal-holds.queries.ts", kind: "release authorization", walk: "side doors" },
  { file: "src/server/archive/archived-emails.queries.ts", kind: "email deletion (links cascade)", walk: "delete email" },
  { file: "src/server/archive/archived-emails.queries.ts", kind: "call of a statement above", walk: "delete email" },
  { file: "src/server/retention/delete-archived-email.ts", kind: "call of a statement above", walk: "delete email" },
  { file: "src/server/retention/lifecycle/lifecycle.queries.ts", kind: "email deletion (links cascade)", walk: "lifecycle" },
  { file: "src/server/retention/lifecycle/lifecycle.queries.ts", kind: "call of a statement above", walk: "lifecycle" },
  { file: "src/server/retention/lifecycle/delete-due-emails.ts", kind: "call of a statement above", walk: "lifecycle" },
  { file: "src/server/ediscovery/delete-case.ts", kind: "case deletion (holds refer to it)", walk: "delete case" },
  {
    file: "src/server/capture/ingestion-sources.queries.ts",
    kind: "source deletion (emails refer to it)",
    walk: "delete source",
  },
  { file: "src/server/capture/ingestion-sources.queries.ts", kind: "call of a statement above", walk: "delete source" },
  { file: "src/server/capture/delete-source.ts", kind: "call of a statement above", walk: "delete source" },
  { file: "src/server/platform/db/kept-counts.ts", kind: "deletion from a table named at run time", walk: "fold counts" },
  { file: "src/server/installation/installation.queries.ts", kind: "deletion from a table named at run time", walk: "restore tables" },
  { file: "src/server/installation/installation.queries.ts", kind: "triggers switched off", walk: "restore tables" },
  { file: "src/server/installation/installation.queries.ts", kind: "call of a statement above", walk: "restore tables" },
  {
    file: "src/server/installation/restore-backup.ts",
    kind: "call of a statement above",
    walk: "restore tables",
    why: "restores only into an empty database (refuseFilledTables) and empties only `roles`; the triggers it switches off guard rows that do not exist yet",
  },
  {
    file: "scripts/bench/scenarios/lifecycle.ts",
    kind: "email deletion (links cascade)",
    walk: "side doors",
    why: "the benchmark's baseline",
  },
];

function* sourceFiles(directory: string): Generator<string> {
  for (const name of readdirSync(directory)) {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) {
      if (name !== "generated" && name !== "node_modules") yield* sourceFiles(file);
    } else if (/\.(?:ts|tsx|mjs|js)$/.test(name) && !/\.test\.ts$/.test(name)) {
      yield file;
    }
  }
}

const key = (entry: { file: string; kind: string }) => `${entry.file} | ${entry.kind}`;

describe("every code path that can lift a legal hold", () => {
  it("is listed, with the walk that proves it (a new path fails here until it is)", () => {
    const found: string[] = [];
    for (const root of ["src", "scripts"]) {
      for (const file of sourceFiles(root)) {
        const text = readFileSync(file, "utf8");
        for (const [kind, pattern] of Object.entries(KINDS)) if (text.match(pattern)) found.push(key({ file, kind }));
      }
    }
    expect(found.sort()).toEqual(PATHS.map(key).sort());
    expect(new Set(PATHS.map((entry) => entry.walk))).toEqual(new Set(Object.keys(WALKS)));
  });

  it("refuses each of them to a caller with every permission but hold management, and the protection stays", async () => {
    const world = await heldWorld();
    for (const [name, walk] of Object.entries(WALKS)) {
      await walk(world);
      await expectProtected(world, name);
    }
    // The manager may, and each lift is audited with the real actor.
    expect((await api("PUT", `${CASES}/${world.caseId}`, { token: world.admin.token, body: { status: "closed" } })).status).toBe(200);
    expect((await db().legalHold.findUniqueOrThrow({ where: { id: world.holdId } })).isActive).toBe(false);
    const lift = await db().auditLog.findFirstOrThrow({ where: { targetType: "LegalHold", targetId: world.holdId, actionType: "UPDATE" } });
    expect(lift.actorIdentifier).toBe(world.admin.user.email);
    expect(lift.details).toMatchObject({ changes: { isActive: { from: true, to: false } }, reason: "case closed" });
  });

  it("the database refuses every lift from a transaction that was not authorized, and the guards are installed and on", async () => {
    const world = await heldWorld();
    await sideDoors(world);
    await expectProtected(world, "side doors");
    const guards = await db().$queryRaw<{ name: string; enabled: string }[]>`
      SELECT tgname AS name, tgenabled::text AS enabled FROM pg_trigger
      WHERE tgrelid IN ('legal_holds'::regclass, 'email_legal_holds'::regclass) AND tgname LIKE '%guard' ORDER BY tgname`;
    expect(guards).toEqual(
      [
        "email_legal_holds_release_guard",
        "email_legal_holds_truncate_guard",
        "legal_holds_deactivation_guard",
        "legal_holds_deletion_guard",
        "legal_holds_truncate_guard",
      ].map((name) => ({ name, enabled: "O" })),
    );
    // Authorized, the same statement goes through: the guard is about who, not what.
    await withHoldReleaseAllowed((tx) => tx.$executeRaw`DELETE FROM email_legal_holds WHERE legal_hold_id = ${world.holdId}::uuid`);
    expect(await db().emailLegalHold.count({ where: { legalHoldId: world.holdId } })).toBe(0);
  });
});

describe("regression: a case member without hold rights closes the case (issue 34, item 2)", () => {
  it("is refused with 409 naming the holds; the email stays and its deletion is refused", async () => {
    const world = await heldWorld();
    const closing = await api("PUT", `${CASES}/${world.caseId}`, { token: world.member.token, body: { status: "closed" } });
    expect(closing.status).toBe(409);
    expect(closing.body).toEqual({ status: "error", statusCode: 409, message: expect.stringContaining('"Litigation"'), errors: null });
    expect(closing.body.message).toContain("manage:holds");
    expect((await db().ediscoveryCase.findUniqueOrThrow({ where: { id: world.caseId } })).status).toBe("open");
    expect(await db().auditLog.count({ where: { targetType: "LegalHold", targetId: world.holdId, actionType: "UPDATE" } })).toBe(0);
    const deleting = await api("DELETE", `/v1/archived-emails/${world.emailId}`, { token: world.member.token });
    expect(deleting.status).toBe(409);
    expect(deleting.body.message).toContain("legal hold (Litigation)");
    await expectProtected(world, "the attack");
    // A case without active holds still closes for the member.
    const other = await createCaseVia(world.member.token, { name: "Matter B" });
    expect((await api("PUT", `${CASES}/${other.id}`, { token: world.member.token, body: { status: "closed" } })).status).toBe(200);
  });
});

interface World {
  admin: TestUser;
  member: TestUser;
  principal: Principal;
  caseId: string;
  holdId: string;
  /** An inactive hold of the case, still linked to the email: its links and row are guarded too. */
  dormantHoldId: string;
  emailId: string;
  sourceId: string;
}

/** A case with a member holding every permission but `manage:all`, an active and an inactive hold of the case, both on one old email. */
async function heldWorld(): Promise<World> {
  const admin = await setupAdmin();
  const member = await createUserWithRole(
    admin.token,
    (["ediscovery", "archive", "ingestion", "users", "audit"] as const).map((subject) => ({ action: "manage" as const, subject })),
  );
  await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } });
  const matter = await createCaseVia(admin.token, { name: "Matter A", memberIds: [member.user.id] });
  const hold = (await api("POST", HOLDS, { token: admin.token, body: { name: "Litigation", caseId: matter.id } })).body;
  const dormant = (await api("POST", HOLDS, { token: admin.token, body: { name: "Dormant", caseId: matter.id } })).body;
  const sourceId = await ensureTestSource("Held mail");
  const email = await insertTestEmail({ ingestionSourceId: sourceId, sentAt: daysAgo(400), subject: "Held" });
  await applyHold(admin.token, email.id, hold.id);
  await applyHold(admin.token, email.id, dormant.id);
  await setHoldActive(admin.token, dormant.id, false);
  await createPolicy(admin.token, { name: "One day", retentionPeriodDays: 1 });
  const principal = (await principalForUser(member.user.id, "127.0.0.1", "token"))!;
  return { admin, member, principal, caseId: matter.id, holdId: hold.id, dormantHoldId: dormant.id, emailId: email.id, sourceId };
}

async function expectProtected(world: World, after: string): Promise<void> {
  const holds = await db().legalHold.findMany({ where: { caseId: world.caseId }, orderBy: { name: "asc" } });
  expect(
    holds.map((hold) => [hold.name, hold.isActive]),
    after,
  ).toEqual([
    ["Dormant", false],
    ["Litigation", true],
  ]);
  const links = await db().emailLegalHold.findMany({ where: { emailId: world.emailId }, orderBy: { legalHoldId: "asc" } });
  expect(links.map((link) => link.legalHoldId).sort(), after).toEqual([world.holdId, world.dormantHoldId].sort());
  expect(await db().archivedEmail.count({ where: { id: world.emailId } }), after).toBe(1);
}

const refusedWith = async (work: Promise<unknown>, code: "FORBIDDEN" | "CONFLICT") => {
  await expect(work).rejects.toMatchObject({ code });
};

async function sideDoors(world: World): Promise<void> {
  const statements = [
    db().$executeRaw`UPDATE legal_holds SET is_active = false WHERE id = ${world.holdId}::uuid`,
    db().legalHold.update({ where: { id: world.holdId }, data: { isActive: false } }),
    db().$executeRaw`DELETE FROM legal_holds WHERE id = ${world.dormantHoldId}::uuid`,
    db().$executeRaw`DELETE FROM email_legal_holds WHERE legal_hold_id = ${world.holdId}::uuid`,
    db().emailLegalHold.deleteMany({ where: { emailId: world.emailId } }),
    db().$executeRaw`DELETE FROM archived_emails WHERE id = ${world.emailId}::uuid`,
    db().$executeRawUnsafe("TRUNCATE email_legal_holds"),
    db().$executeRawUnsafe("TRUNCATE legal_holds CASCADE"),
  ];
  for (const statement of statements) await expect(statement).rejects.toThrow(/only a hold manager may/);
  const otherEmail = await insertTestEmail({ ingestionSourceId: world.sourceId });
  await expect(
    db().$executeRaw`UPDATE email_legal_holds SET email_id = ${otherEmail.id}::uuid WHERE email_id = ${world.emailId}::uuid`,
  ).rejects.toThrow(/cannot move to another email/);
  // The one gate itself: a caller without hold rights is refused before anything is allowed.
  await refusedWith(
    withHoldReleaseOf(world.principal, (tx) => tx.$executeRaw`DELETE FROM email_legal_holds WHERE legal_hold_id = ${world.holdId}::uuid`),
    "FORBIDDEN",
  );
}

/** Runs `work` after `principal` asked hold-release.ts for the right to lift protection. */
function withHoldReleaseOf(principal: Principal, work: (tx: Tx) => Promise<unknown>): Promise<unknown> {
  return transaction(async (tx) => {
    await authorizeHoldRelease(tx, principal, "lift a hold in a test");
    return work(tx);
  });
}

const WALKS: Record<Walk, (world: World) => Promise<void>> = {
  "close case": async (world) => {
    expect((await api("PUT", `${CASES}/${world.caseId}`, { token: world.member.token, body: { status: "closed" } })).status).toBe(409);
    await refusedWith(updateCase({ principal: world.principal, id: world.caseId, input: { status: "closed" } }), "CONFLICT");
  },
  "update hold": async (world) => {
    expect((await api("PUT", `${HOLDS}/${world.holdId}`, { token: world.member.token, body: { isActive: false } })).status).toBe(403);
    await refusedWith(updateHold({ principal: world.principal, id: world.holdId, input: { isActive: false } }), "FORBIDDEN");
  },
  "delete hold": async (world) => {
    expect((await api("DELETE", `${HOLDS}/${world.dormantHoldId}`, { token: world.member.token })).status).toBe(403);
    await refusedWith(deleteHold({ principal: world.principal, id: world.dormantHoldId }), "FORBIDDEN");
  },
  "release all": async (world) => {
    expect((await api("POST", `${HOLDS}/${world.holdId}/release-all`, { token: world.member.token })).status).toBe(403);
    await refusedWith(releaseAll({ principal: world.principal, id: world.holdId }), "FORBIDDEN");
    await refusedWith(releaseAll({ principal: world.principal, id: world.dormantHoldId }), "FORBIDDEN");
  },
  "remove link": async (world) => {
    const link = `/api/v1/enterprise/legal-holds/email/${world.emailId}/holds/${world.holdId}`;
    expect((await api("DELETE", link, { token: world.member.token })).status).toBe(403);
    await refusedWith(removeHoldFromEmail({ principal: world.principal, emailId: world.emailId, holdId: world.holdId }), "FORBIDDEN");
    await refusedWith(
      removeHoldFromEmail({ principal: world.principal, emailId: world.emailId, holdId: world.dormantHoldId }),
      "FORBIDDEN",
    );
  },
  "delete email": async (world) => {
    expect((await api("DELETE", `/v1/archived-emails/${world.emailId}`, { token: world.member.token })).status).toBe(409);
  },
  lifecycle: async () => {
    expect(await runLifecycleCycle()).toMatchObject({ deleted: 0, protectedByHold: 1 });
  },
  "delete case": async (world) => {
    expect((await api("DELETE", `${CASES}/${world.caseId}`, { token: world.member.token })).status).toBe(409);
  },
  "delete source": async (world) => {
    expect((await api("DELETE", `/v1/ingestion-sources/${world.sourceId}`, { token: world.member.token })).status).toBe(409);
  },
  "fold counts": async (world) => {
    expect((await keptCounts(db(), HOLD_LINK_COUNT, [world.holdId])).get(world.holdId)).toBe(1);
  },
  "restore tables": async () => {
    for (const table of ["email_legal_holds", "legal_holds"])
      await expect(deleteAllRows(db(), table)).rejects.toThrow(/only a hold manager may/);
  },
  "side doors": sideDoors,
};
