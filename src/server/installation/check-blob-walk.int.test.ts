import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage, mboxOf } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { runArchiveCli } from "@tests/helpers/archive-cli";
import { db } from "../platform/db/client";
import { checkInstallation } from "./check-installation";

useEmptyDatabasePerTest();

const storageRoot = () => path.join(process.env.DATA_DIR!, "storage");

/** Imports `count` messages with one attachment each; answers every blob-referencing row as "kind id". */
async function archiveMessages(count: number): Promise<string[]> {
  const admin = await setupAdmin();
  const source = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Mail", provider: "upload" } });
  const messages = Array.from({ length: count }, (_, index) =>
    buildMessage({ subject: `Walk ${index}`, attachments: [{ filename: "a.txt", content: `attachment ${index}` }] }),
  );
  const imported = await api("POST", `/v1/ingestion-sources/${source.body.id}/import?userEmail=alice@example.com`, {
    token: admin.token,
    rawBody: new Uint8Array(mboxOf(messages)),
    headers: { "content-type": "application/mbox" },
  });
  expect(imported.body.failed).toEqual([]);
  const emails = await db().archivedEmail.findMany({ select: { id: true } });
  const attachments = await db().attachment.findMany({ select: { id: true } });
  return [...emails.map((row) => `email ${row.id}`), ...attachments.map((row) => `attachment ${row.id}`)];
}

/** With the store emptied, every blob a walk reads is a "missing" problem naming its row: the problems list what was checked. */
const checkedRows = (problems: string[]) => problems.map((problem) => /^(email|attachment) [0-9a-f-]{36}/.exec(problem)![0]);

/** The rule of selectBlobReferencePage's sample, computed here independently. */
const inSample = (id: string, seed: string, fraction: number) =>
  parseInt(createHash("md5").update(`${id}${seed}`).digest("hex").slice(0, 8), 16) < Math.ceil(fraction * 2 ** 32);

describe("check: sampled and resumable blob walk", () => {
  it("a check stopped after N blobs resumes where it stopped: every blob checked exactly once across the runs", async () => {
    const rows = await archiveMessages(6);
    await rm(storageRoot(), { recursive: true, force: true });

    const first = await checkInstallation({ blobWalk: { limit: 5, concurrency: 3 } });
    expect(first.summary).toMatchObject({ blobsChecked: 5, blobsMissing: 5, walkComplete: false, resumed: false });
    expect(first.ok).toBe(false);
    expect(await db().checkCursor.count()).toBe(1);

    const second = await checkInstallation({ blobWalk: { resume: true, limit: 4 } });
    expect(second.summary).toMatchObject({ blobsChecked: 4, walkComplete: false, resumed: true, blobsCheckedSinceStart: 9 });
    const third = await checkInstallation({ blobWalk: { resume: true } });
    expect(third.summary).toMatchObject({
      blobsChecked: rows.length - 9,
      walkComplete: true,
      resumed: true,
      blobsCheckedSinceStart: rows.length,
      blobProblemsSinceStart: rows.length,
    });
    const checked = [first, second, third].flatMap((result) => checkedRows(result.problems));
    expect(checked.toSorted()).toEqual(rows.toSorted());
    // A finished walk leaves no cursor: the next --resume starts from the first blob.
    expect(await db().checkCursor.count()).toBe(0);
    const again = await checkInstallation({ blobWalk: { resume: true } });
    expect(again.summary).toMatchObject({ blobsChecked: rows.length, resumed: false });
  });

  it("a seeded sample checks exactly the rows its rule picks, and says it was a sample", async () => {
    const rows = await archiveMessages(10);
    await rm(storageRoot(), { recursive: true, force: true });
    const seed = "fixed-seed";
    const expected = rows.filter((row) => inSample(row.split(" ")[1], seed, 0.5));

    const result = await checkInstallation({ blobWalk: { sample: { fraction: 0.5 }, seed } });
    expect(result.summary).toMatchObject({ sampled: true, sampleFraction: 0.5, blobsChecked: expected.length });
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(rows.length);
    expect(checkedRows(result.problems).toSorted()).toEqual(expected.toSorted());
  });

  it("a sample that includes a corrupted blob reports it (exit 1 from the command line)", async () => {
    await archiveMessages(3);
    const email = await db().archivedEmail.findFirstOrThrow({ where: { subject: "Walk 1" } });
    await rm(path.join(storageRoot(), email.storagePath));

    const all = await checkInstallation({ blobWalk: { sample: { count: 1000 } } });
    expect(all.ok).toBe(false);
    expect(all.summary).toMatchObject({ sampled: true, sampleFraction: 1, blobsChecked: 6, blobsMissing: 1 });
    expect(all.problems).toEqual([`email ${email.id}: its stored bytes ${email.storagePath} are missing`]);

    const cli = await runArchiveCli(["check", "--sample", "100%", "--concurrency", "4"]);
    expect(cli.code, cli.stderr).toBe(1);
    expect(JSON.parse(cli.stdout.trim().split("\n").at(-1)!)).toMatchObject({ sampled: true, blobsChecked: 6, blobsMissing: 1 });
    const refused = await runArchiveCli(["check", "--sample", "1.5"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("--sample takes a fraction above 0 and at most 1");
  });
});
