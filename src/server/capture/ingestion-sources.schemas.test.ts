import { describe, expect, it } from "vitest";
import { createSourceSchema } from "./ingestion-sources.schemas";

const googleSource = (serviceAccountKey: unknown) => ({
  name: "Workspace",
  provider: "google-workspace",
  config: { serviceAccountKey, adminEmail: "admin@example.com" },
});
const messagesOf = (input: unknown) => {
  const result = createSourceSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("the Google service account key", () => {
  it("names the fields a pasted key lacks instead of a type error", () => {
    const partial = JSON.stringify({ type: "service_account", project_id: "p", token_uri: "https://oauth2.googleapis.com/token" });
    expect(messagesOf(googleSource(partial))).toEqual(["the service account key lacks client_email, private_key"]);
    expect(messagesOf(googleSource({ installed: { client_id: "x" } }))).toEqual([
      "the service account key lacks type, client_email, private_key, token_uri",
    ]);
  });

  it("names the field of a key whose value is wrong, and accepts a whole key", () => {
    const key = {
      type: "service_account",
      client_email: "archive@project.iam.gserviceaccount.com",
      private_key: "-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----\n",
      token_uri: "https://oauth2.googleapis.com/token",
    };
    expect(messagesOf(googleSource(JSON.stringify({ ...key, private_key: "not a key" })))).toEqual([
      "serviceAccountKey.private_key must be a PEM private key",
    ]);
    expect(messagesOf(googleSource(JSON.stringify({ ...key, client_email: 7 })))[0]).toMatch(/^serviceAccountKey\.client_email: /);
    expect(messagesOf(googleSource(JSON.stringify(key)))).toEqual([]);
  });
});
