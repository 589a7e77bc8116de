import { describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { principalForUser } from "../authenticate";
import { uiCapabilities } from "../../../api/ui-capabilities";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

const capabilitiesOf = async (userId: string) => uiCapabilities((await principalForUser(userId, "127.0.0.1", "token"))!);

describe("the navigation's capabilities", () => {
  it("offer Disposition review to those dispositions reach: manage:dispositions or a rule's named reviewer, not the IT Administrator", async () => {
    const admin = await setupAdmin();
    const itAdministrator = await createUserWithRole(admin.token, "predefined_it_administrator");
    const officer = await createUserWithRole(admin.token, "predefined_compliance_officer");
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    expect((await capabilitiesOf(itAdministrator.user.id)).reviewDispositions).toBe(false);
    expect((await capabilitiesOf(officer.user.id)).reviewDispositions).toBe(true);
    expect((await capabilitiesOf(reader.user.id)).reviewDispositions).toBe(false);

    const label = await api("POST", "/api/v1/enterprise/retention-policy/labels", {
      token: admin.token,
      body: { name: "Contracts", retentionPeriodDays: 10, dispositionAction: "review", reviewerIds: [reader.user.id] },
    });
    expect(label.status, label.text).toBe(201);
    expect((await capabilitiesOf(reader.user.id)).reviewDispositions).toBe(true);
    expect((await capabilitiesOf(itAdministrator.user.id)).reviewDispositions).toBe(false);
  });

  it("name the search engine: Meilisearch (MEILI_HOST), whose lack of the query language the query help then states", async () => {
    const admin = await setupAdmin();
    expect((await capabilitiesOf(admin.user.id)).searchEngine).toBe("postgres");
    await withEnv({ MEILI_HOST: "http://127.0.0.1:9" }, async () => {
      expect((await capabilitiesOf(admin.user.id)).searchEngine).toBe("meilisearch");
    });
  });
});
