import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage, mboxOf, zipOf } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { runArchiveCli } from "@tests/helpers/archive-cli";
import { db } from "../../../platform/db/client";

useEmptyDatabasePerTest();

const runArchive = (args: string[]) => runArchiveCli(args);

describe("npm run archive -- import", () => {
  it("imports mbox files, .eml folders (recursively) and zips; a re-run adds nothing", async () => {
    const admin = await setupAdmin();
    await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Bulk", provider: "upload" } });
    const root = await mkdtemp(path.join(tmpdir(), "archive-cli-"));
    await mkdir(path.join(root, "emls", "Projects", "2024"), { recursive: true });
    await writeFile(path.join(root, "Sent.mbox"), mboxOf([buildMessage({ subject: "sent 1" }), buildMessage({ subject: "sent 2" })]));
    await writeFile(path.join(root, "Inbox"), mboxOf([buildMessage({ subject: "thunderbird inbox" })]));
    await writeFile(path.join(root, "emls", "top.eml"), buildMessage({ subject: "top" }));
    await writeFile(path.join(root, "emls", "Projects", "2024", "deep.eml"), buildMessage({ subject: "deep" }));
    await writeFile(path.join(root, "emls", "readme.txt"), "skipped");
    await writeFile(path.join(root, "bundle.zip"), await zipOf([{ name: "z.eml", bytes: buildMessage({ subject: "zipped" }) }]));
    await writeFile(path.join(root, "broken.eml"), "");

    const paths = [
      path.join(root, "Sent.mbox"),
      path.join(root, "Inbox"),
      path.join(root, "emls"),
      path.join(root, "bundle.zip"),
      path.join(root, "broken.eml"),
    ];
    const first = await runArchive(["import", "--source", "bulk", "--user", "Archive@Example.com", ...paths]);
    expect(first.code, first.stderr).toBe(0);
    // Files that hold no mail are listed, not silently passed over.
    expect(JSON.parse(first.stdout)).toEqual({
      imported: 6,
      duplicates: 0,
      failed: [],
      skipped: [
        {
          file: path.join(root, "emls", "readme.txt"),
          reason: "not a message, mbox, zip or .pst file: its first line is neither a header field nor a From line",
        },
        { file: path.join(root, "broken.eml"), reason: "empty file" },
      ],
    });
    expect(first.stderr).toMatch(/messages/);
    const emails = await db().archivedEmail.findMany({ orderBy: { subject: "asc" } });
    expect(emails.map((email) => [email.subject, email.path, email.userEmail])).toEqual([
      ["deep", "Projects/2024", "archive@example.com"],
      ["sent 1", "Sent", "archive@example.com"],
      ["sent 2", "Sent", "archive@example.com"],
      ["thunderbird inbox", "Inbox", "archive@example.com"],
      ["top", "", "archive@example.com"],
      ["zipped", "", "archive@example.com"],
    ]);
    const again = await runArchive(["import", "--source", "Bulk", "--user", "archive@example.com", ...paths]);
    expect(JSON.parse(again.stdout)).toMatchObject({ imported: 0, duplicates: 6 });
    expect(await db().archivedEmail.count()).toBe(6);
    const audit = await db().auditLog.findMany({ where: { actionType: "IMPORT" } });
    expect(audit).toHaveLength(2);
    expect(audit[0].actorIdentifier).toMatch(/^cli:/);
  }, 120_000);

  it("imports every e-mail of a real Outlook .pst (pst-extractor's Enron sample), by folder, and re-runs as duplicates", async () => {
    const admin = await setupAdmin();
    await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Outlook", provider: "upload" } });
    const pst = path.resolve("node_modules/pst-extractor/example/testdata/enron.pst");
    const first = await runArchive(["import", "--source", "Outlook", "--user", "lokay-m@enron.example", pst]);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ imported: 71, duplicates: 0, failed: [], skipped: [] });
    const folders = await db().archivedEmail.groupBy({ by: ["path"], _count: true });
    expect(folders.find((folder) => folder.path.endsWith("MLOKAY (Non-Privileged)/Personal"))?._count).toBe(47);
    const withAttachment = await db().archivedEmail.findFirstOrThrow({
      where: { messageIdHeader: "IWTBDKF2WUUQG3I3RF3DVZAFDYEPIJCPB@zlsvr22" },
      include: { attachments: true },
    });
    expect(withAttachment).toMatchObject({
      subject: "Power Mart '01 - Register online for your FREE exhibition pass!",
      senderEmail: "ftenergy1@FTENERGY.COM",
      sentAtFallback: null,
    });
    expect(withAttachment.sentAt.toISOString()).toBe("2001-08-23T22:49:51.000Z");
    expect(withAttachment.attachments.map((attachment) => [attachment.filename, attachment.mimeType, attachment.sizeBytes])).toEqual([
      ["image001.gif", "image/gif", 120n],
    ]);
    const again = await runArchive(["import", "--source", "Outlook", "--user", "lokay-m@enron.example", pst]);
    expect(JSON.parse(again.stdout)).toEqual({ imported: 0, duplicates: 71, failed: [], skipped: [] });
  }, 120_000);

  it("explains a wrong command line (exit 2) and an unknown source (exit 1)", async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), "archive-cli-")), "one.eml");
    await writeFile(file, buildMessage());
    await api("POST", "/v1/ingestion-sources", { token: (await setupAdmin()).token, body: { name: "No mailbox", provider: "upload" } });
    const noUser = await runArchive(["import", "--source", "No mailbox", file]);
    expect(noUser.code).toBe(2);
    expect(noUser.stderr).toContain("--user <mailbox> is required");
    const usage = await runArchive(["import"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("usage: npm run archive -- import");
    const unknown = await runArchive(["import", "--source", "nope", "--user", "a@example.com", file]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Ingestion source "nope" not found');
  }, 60_000);
});
