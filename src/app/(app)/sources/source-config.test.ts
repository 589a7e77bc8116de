import { describe, expect, it } from "vitest";
import { editedConfigFrom, formValuesOf, secretPrompt, secretsToEnterAgain } from "./source-config";

/** An imap source as the list shows it: defaults applied, the password only as `passwordSet`. */
const STORED_IMAP = {
  host: "imap.corp.example",
  port: 993,
  secure: true,
  allowInsecure: false,
  username: "archive@corp.example",
  mailboxes: ["INBOX", "Sent"],
  passwordSet: true,
};

describe("the source edit form's config", () => {
  it("sends an unchanged stored config back as it was, the password left out to keep it", () => {
    const config = editedConfigFrom("imap", { ...formValuesOf(STORED_IMAP), password: "" });
    const { passwordSet: _shown, ...expected } = STORED_IMAP;
    expect(config).toEqual(expected);
    expect(secretsToEnterAgain("imap", STORED_IMAP, config)).toEqual([]);
  });

  it("asks for the password again when the host, the port, TLS or the username changes", () => {
    const form = { ...formValuesOf(STORED_IMAP), password: "" };
    const changes: Record<string, string>[] = [
      { host: "evil.example" },
      { port: "143" },
      { secure: "" },
      { allowInsecure: "on" },
      { username: "other" },
    ];
    for (const change of changes) {
      const needs = secretsToEnterAgain("imap", STORED_IMAP, editedConfigFrom("imap", { ...form, ...change }));
      expect(needs, JSON.stringify(change)).toHaveLength(1);
      expect(needs[0].secret).toBe("password");
    }
    const moved = secretsToEnterAgain("imap", STORED_IMAP, editedConfigFrom("imap", { ...form, host: "evil.example" }));
    expect(secretPrompt(moved[0])).toBe(
      "Enter the password again: host changed, and a stored password only goes where it was entered for.",
    );
    // With the password entered, or a change the password is not bound to, nothing is asked.
    expect(secretsToEnterAgain("imap", STORED_IMAP, editedConfigFrom("imap", { ...form, host: "x", password: "new" }))).toEqual([]);
    expect(secretsToEnterAgain("imap", STORED_IMAP, editedConfigFrom("imap", { ...form, mailboxes: "INBOX" }))).toEqual([]);
  });

  it("asks for the cloud secrets when the tenant, client, administrator or endpoints change", () => {
    const m365 = {
      tenantId: "t",
      clientId: "c",
      graphUrl: "https://graph.microsoft.com",
      loginUrl: "https://login.microsoftonline.com",
      clientSecretSet: true,
    };
    const form = formValuesOf(m365);
    expect(secretsToEnterAgain("microsoft365", m365, editedConfigFrom("microsoft365", form))).toEqual([]);
    expect(secretsToEnterAgain("microsoft365", m365, editedConfigFrom("microsoft365", { ...form, tenantId: "other" }))).toEqual([
      { secret: "clientSecret", because: ["tenantId"] },
    ]);
    const google = {
      adminEmail: "admin@corp.example",
      gmailUrl: "https://gmail.googleapis.com",
      directoryUrl: "https://admin.googleapis.com",
      serviceAccountKeySet: true,
    };
    const changed = editedConfigFrom("google-workspace", { ...formValuesOf(google), adminEmail: "boss@corp.example" });
    expect(changed).not.toHaveProperty("serviceAccountKey");
    expect(secretsToEnterAgain("google-workspace", google, changed)).toEqual([{ secret: "serviceAccountKey", because: ["adminEmail"] }]);
  });

  it("a journal source: a new username needs the password, removing the credentials does not", () => {
    const journal = { internalDomains: ["corp.example"], requireTls: false, exchangeReports: false, username: "relay", passwordSet: true };
    const form = formValuesOf(journal);
    expect(form.internalDomains).toBe("corp.example");
    expect(secretsToEnterAgain("smtp-journal", journal, editedConfigFrom("smtp-journal", { ...form, username: "other" }))).toEqual([
      { secret: "password", because: ["username"] },
    ]);
    expect(secretsToEnterAgain("smtp-journal", journal, editedConfigFrom("smtp-journal", { ...form, username: "" }))).toEqual([]);
    const without = { internalDomains: ["corp.example"], requireTls: false, exchangeReports: false };
    expect(
      secretsToEnterAgain("smtp-journal", without, editedConfigFrom("smtp-journal", { ...formValuesOf(without), username: "new" })),
    ).toEqual([{ secret: "password", because: [] }]);
    expect(editedConfigFrom("upload", { userEmail: "" })).toEqual({});
  });
});
