import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { importMail, signIn } from "./session";

/**
 * Retention and legal holds in the browser: labels (edit, apply, delete → disabled or deleted,
 * inline 422 errors), a policy built with the rule builder and seen in the forecast, and a hold's
 * edit, linked emails and typed release-all. Independent of the other spec files: it signs up
 * the first administrator when none exists, and imports its own mail through the REST API.
 */
const SOURCE = "Retention E2E";

const MAILS = [
  ["Label target memo", "carol@labels.example"],
  ["Policy old one", "dave@policy.example"],
  ["Policy old two", "dave@policy.example"],
  ["Hold target one", "erin@hold.example"],
  ["Hold target two", "erin@hold.example"],
] as const;

/** This file's source and mail (imports are deduplicated, so calling it again changes nothing). */
async function fixtures(request: APIRequestContext) {
  return importMail(request, SOURCE, MAILS, "retention-e2e.example");
}

/** Screenshots without the short-lived notices on top. */
async function screenshot(page: Page, path: string) {
  for (const dismiss of await page.getByRole("button", { name: "Dismiss notice" }).all()) await dismiss.click();
  await page.screenshot({ path, fullPage: true });
}

test.describe.serial("retention and legal holds", () => {
  test("a label: inline errors, create, edit, apply to an email, delete → disabled, enable again", async ({ page, request }) => {
    const { emailId } = await fixtures(request);
    await signIn(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Retention" }).click();
    await expect(page.getByRole("heading", { name: "Retention", exact: true })).toBeVisible();

    const create = page.getByRole("form", { name: "New retention label" });
    await create.getByLabel("Name").fill("E2E Quarterly");
    await create.getByLabel("Retention period (days)").fill("0");
    await create.getByRole("button", { name: "Create label" }).click();
    await expect(create.getByText("retentionPeriodDays must be an integer >= 1")).toBeVisible();
    await expect(create.getByLabel("Retention period (days)")).toHaveAttribute("aria-invalid", "true");
    await create.getByLabel("Retention period (days)").fill("30");
    await create.getByRole("button", { name: "Create label" }).click();
    await expect(page.getByTestId("label-E2E Quarterly")).toBeVisible();

    await page.getByRole("button", { name: "Edit label E2E Quarterly" }).click();
    const edit = page.getByRole("dialog").getByRole("form", { name: "Edit retention label" });
    await edit.getByLabel("Name").fill("E2E Quarterly review");
    await edit.getByLabel("Retention period (days)").fill("45");
    await edit.getByRole("button", { name: "Save label" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const row = page.getByRole("row").filter({ has: page.getByTestId("label-E2E Quarterly review") });
    await expect(row.getByRole("cell", { name: "45 days" })).toBeVisible();

    await page.goto(`/emails/${emailId("Label target memo")}`);
    await page.getByLabel("Label to apply").selectOption({ label: "E2E Quarterly review" });
    await page.getByRole("button", { name: "Apply label" }).click();
    await expect(page.getByTestId("email-label")).toHaveText("E2E Quarterly review (45 days)");
    // Sent in January 2024 and kept 45 days: already due.
    await expect(page.getByTestId("retention-explanation")).toHaveText(
      /Due for deletion at the next lifecycle cycle \(since 2024-02-29\) by label "E2E Quarterly review" \(45 days\)\./,
    );

    await page.goto("/retention");
    await page.getByRole("button", { name: "Delete label E2E Quarterly review" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete label" }).click();
    await expect(page.getByTestId("label-outcome")).toContainText('Label "E2E Quarterly review" disabled, not deleted');
    await expect(row.getByText("Disabled", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: "Enable label E2E Quarterly review" }).click();
    await expect(row.getByText("Active", { exact: true })).toBeVisible();
  });

  test("a label no email carries is deleted", async ({ page, request }) => {
    await fixtures(request);
    await signIn(page);
    await page.goto("/retention");
    const create = page.getByRole("form", { name: "New retention label" });
    // The button is enabled once the page is hydrated: text filled in before that is lost.
    await expect(create.getByRole("button", { name: "Create label" })).toBeEnabled();
    await create.getByLabel("Name").fill("E2E Never used");
    await create.getByLabel("Retention period (days)").fill("10");
    await create.getByRole("button", { name: "Create label" }).click();
    await expect(page.getByTestId("label-E2E Never used")).toBeVisible();
    await page.getByRole("button", { name: "Delete label E2E Never used" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete label" }).click();
    await expect(page.getByTestId("label-outcome")).toHaveText('Label "E2E Never used" deleted: no email carried it.');
    await expect(page.getByTestId("label-E2E Never used")).toHaveCount(0);
  });

  test("a policy built with the rule builder shows in the forecast and on the dashboard", async ({ page, request }) => {
    await fixtures(request);
    await signIn(page);
    await page.goto("/retention");
    await page.getByRole("button", { name: "New policy" }).click();
    const form = page.getByRole("dialog").getByRole("form", { name: "New retention policy" });
    await form.getByLabel("Name", { exact: true }).fill("E2E policy.example mail");
    await form.getByLabel("Retention period (days)").fill("30");
    await form.getByLabel("Priority").fill("5");
    await form.getByLabel("emails matching conditions").check();
    await form.getByLabel("Match operator").selectOption("OR");
    await form.getByLabel("Rule 1 field").selectOption("sender");
    await form.getByLabel("Rule 1 operator").selectOption("domain");
    await form.getByLabel("Rule 1 value").fill("policy.example");
    await form.getByRole("button", { name: "Add rule" }).click();
    await form.getByLabel("Rule 2 field").selectOption("subject");
    await form.getByLabel("Rule 2 operator").selectOption("matches");
    await form.getByLabel("Rule 2 value").fill("(a+)+");
    await form.getByLabel(SOURCE).check();
    await form.getByRole("button", { name: "Create policy" }).click();
    // The server's 422 lands under the rule it concerns.
    await expect(form.getByLabel("Rule 2 value")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("matches pattern must not repeat a group that itself repeats, such as (a+)+")).toBeVisible();
    await form.getByRole("button", { name: "Remove rule 2" }).click();
    await form.getByRole("button", { name: "Create policy" }).click();
    // The policy makes mail due now: nothing is saved until the officer confirms with the count in front of them.
    const confirm = page.getByRole("dialog").filter({ hasText: "This policy deletes emails at the next cycle" });
    await expect(confirm.getByTestId("policy-impact")).toContainText(/Saving makes \d+ emails? due for deletion/);
    await confirm.getByRole("button", { name: "Save and delete at the next cycle" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const policies = page.getByRole("table", { name: "Retention policies" });
    const policyRow = policies.getByRole("row").filter({ hasText: "E2E policy.example mail" });
    await expect(policyRow).toContainText('sender address is in domain "policy.example"');
    await expect(policyRow).toContainText(SOURCE);

    const byRule = page.getByRole("table", { name: "Expected deletions by rule" });
    await expect(byRule.getByRole("row").filter({ hasText: "E2E policy.example mail" }).getByRole("cell").last()).toHaveText("2");
    await expect(page.getByRole("img", { name: /Deletions expected per week \(next 90 days\)/ })).toBeVisible();
    // Other specs may have left mail under review rules: the line is there and its grammar agrees either way.
    await expect(page.getByTestId("forecast-reviews")).toHaveText(
      /^(No email heads to disposition review within this horizon\.|1 email heads to disposition review .+|\d+ emails head to disposition review .+)$/,
    );
    await page.getByRole("heading", { name: "Retention", exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, "docs/screenshots/retention.png");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("img", { name: /Retention forecast: deletions expected per week/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /Archive growth/ })).toBeVisible();
    await expect(page.getByRole("link", { name: SOURCE })).toBeVisible();
    await screenshot(page, "docs/screenshots/dashboard.png");
  });

  test("a hold: edit, linked emails, release all with the hold's name typed", async ({ page, request }) => {
    const { headers, emailId } = await fixtures(request);
    const hold = await (
      await request.post("/api/v1/enterprise/legal-holds/holds", { headers, data: { name: "E2E Hold", reason: "Preserve" } })
    ).json();
    for (const subject of ["Hold target one", "Hold target two"]) {
      const applied = await request.post(`/api/v1/enterprise/legal-holds/email/${emailId(subject)}/holds`, {
        headers,
        data: { holdId: hold.id },
      });
      expect(applied.status()).toBe(200);
    }
    await signIn(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Legal holds" }).click();

    await page.getByTestId("hold-E2E Hold").getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog").getByRole("form", { name: "Edit legal hold" });
    await edit.getByLabel("Name").fill("");
    await edit.getByRole("button", { name: "Save hold" }).click();
    await expect(edit.getByText("name must be 1-255 characters")).toBeVisible();
    await edit.getByLabel("Name").fill("E2E Hold renamed");
    await edit.getByLabel("Reason").fill("Litigation: preserve erin's mail");
    await edit.getByRole("button", { name: "Save hold" }).click();
    const row = page.getByTestId("hold-E2E Hold renamed");
    await expect(row).toContainText("Litigation: preserve erin's mail");
    await expect(row.getByRole("button", { name: "Delete" })).toBeDisabled();
    await expect(page.getByText("An active hold protects its emails and cannot be deleted: deactivate it first.")).toBeVisible();

    await row.getByRole("button", { name: "Emails", exact: true }).click();
    const linked = page.getByRole("region", { name: "Emails held by E2E Hold renamed" });
    await expect(linked.getByRole("heading")).toContainText("(2)");
    await expect(linked.getByRole("link")).toHaveText(["Hold target two", "Hold target one"]);
    await screenshot(page, "docs/screenshots/holds.png");
    await linked.getByRole("link", { name: "Hold target one" }).click();
    await expect(page).toHaveURL(new RegExp(`/emails/${emailId("Hold target one")}$`));
    await expect(page.getByTestId("retention-explanation")).toHaveText('Protected by legal hold "E2E Hold renamed".');

    await page.goBack();
    await page.getByTestId("hold-E2E Hold renamed").getByRole("button", { name: "Release all" }).click();
    const dialog = page.getByRole("dialog");
    const confirm = dialog.getByRole("button", { name: "Release all" });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel("Type E2E Hold renamed to confirm").fill("E2E Hold");
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel("Type E2E Hold renamed to confirm").fill("E2E Hold renamed");
    await confirm.click();
    await expect(page.getByText("Released 2 emails from the hold")).toBeVisible();
    await expect(page.getByTestId("hold-E2E Hold renamed").getByRole("cell").nth(3)).toHaveText("0");
  });

  test("on a tablet the retention and holds pages fit the screen and dialogs work from the keyboard", async ({ page, request }) => {
    await fixtures(request);
    await page.setViewportSize({ width: 768, height: 1024 });
    await signIn(page);
    for (const path of ["/retention", "/holds", "/dashboard"]) {
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await page.goto("/retention");
    await page.getByRole("button", { name: "New policy" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "New retention policy" });
    await expect(dialog.getByRole("button", { name: "Close dialog" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Name")).toBeFocused();
    await page.keyboard.type("Typed from the keyboard");
    await expect(dialog.getByLabel("Name")).toHaveValue("Typed from the keyboard");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "New policy" })).toBeFocused();
  });
});
