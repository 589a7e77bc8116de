import { createHash, randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { systemActor } from "../../audit/append-audit-entry";
import { importMessageStream } from "../../capture/ingestion/import-message-stream";
import { db } from "../../platform/db/client";
import { blobKeyForHash } from "./blob-store";
import { blobStore } from "./blob-store-factory";

/**
 * A message archived as a skeleton (its attachments stored once, apart) is also the attachment of
 * a forward (message/rfc822 in base64): the skeleton's blob then outlives the original's rows, and
 * with them the attachment rows that kept the original's attachments.
 */
useEmptyDatabasePerTest();
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function archiveOriginalAndForward() {
  const admin = await setupAdmin();
  const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "S", provider: "upload" } })).body;
  const attachment = randomBytes(20_000);
  const original = buildMessage({ subject: "original", attachments: [{ filename: "x.bin", content: attachment }] });
  const base64 = (original.toString("base64").match(/.{1,76}/g) ?? []).join("\r\n");
  const forward = Buffer.from(
    [
      "From: f@example.com",
      "Subject: fwd",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="o"',
      "",
      "--o",
      "Content-Type: text/plain",
      "",
      "see attached",
      "--o",
      'Content-Type: message/rfc822; name="f.eml"',
      "Content-Transfer-Encoding: base64",
      "",
      base64,
      "--o--",
      "",
    ].join("\r\n"),
  );
  for (const raw of [original, forward]) {
    async function* items() {
      yield { raw };
    }
    await importMessageStream({ actor: systemActor("test"), sourceId: source.id, userEmail: "a@example.com", items: items(), origin: {} });
  }
  await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } });
  const emailOf = (raw: Buffer) => db().archivedEmail.findFirstOrThrow({ where: { storageHashSha256: sha256(raw) } });
  const remove = async (raw: Buffer) => {
    const response = await api("DELETE", `/v1/archived-emails/${(await emailOf(raw)).id}`, { token: admin.token });
    expect(response.status).toBe(204);
  };
  const stored = (bytes: Buffer) => blobStore().exists(blobKeyForHash(sha256(bytes)));
  return { admin, original, forward, attachment, emailOf, remove, stored };
}

it("keeps what a forward needs when the message it forwards is deleted, and frees it with the forward", async () => {
  const { admin, original, forward, attachment, emailOf, remove, stored } = await archiveOriginalAndForward();
  // The original was archived first, as a skeleton referring to its attachment's blob.
  expect(await blobStore().skeletonReferencesOf(blobKeyForHash(sha256(original)))).toEqual([sha256(attachment)]);

  await remove(original);
  const raw = await api("GET", `/v1/archived-emails/${(await emailOf(forward)).id}/raw`, { token: admin.token });
  expect(raw.status).toBe(200);
  expect(raw.bytes.equals(forward)).toBe(true);
  expect(await db().blobDependency.findMany()).toEqual([{ blobHash: sha256(original), needsHash: sha256(attachment) }]);

  // With the forward gone nothing needs them: every blob is removed (none is left behind).
  await remove(forward);
  expect([await stored(forward), await stored(original), await stored(attachment)]).toEqual([false, false, false]);
  expect(await db().blobDependency.count()).toBe(0);
});

it("removes every blob when the forward goes first and then the message it forwards", async () => {
  const { original, forward, attachment, remove, stored } = await archiveOriginalAndForward();
  await remove(forward);
  expect([await stored(forward), await stored(original), await stored(attachment)]).toEqual([false, true, true]);
  await remove(original);
  expect([await stored(original), await stored(attachment)]).toEqual([false, false]);
  expect(await db().blobDependency.count()).toBe(0);
});
