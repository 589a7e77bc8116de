import { access, constants } from "node:fs/promises";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/**
 * HTML to PDF in a headless Chromium started once per production: no network (every request is
 * aborted, and the documents carry their images as data: URLs), no scripts, no GPU. The pages are
 * US Letter with a bottom margin left free for the Bates number and the endorsement.
 */
export class ChromiumRenderer {
  private readonly waiting: ((page: Page) => void)[] = [];

  private constructor(
    private readonly browser: Browser,
    private readonly context: BrowserContext,
    private readonly idle: Page[],
  ) {}

  /**
   * Starts Chromium at `executablePath` with `pages` tabs (documents rendered at once); a missing or
   * unusable binary fails with a reason the export record shows.
   */
  static async start(executablePath: string, pages = 1): Promise<ChromiumRenderer> {
    try {
      await access(executablePath, constants.X_OK);
    } catch {
      throw new Error(`PDF productions need Chromium: ${executablePath} is missing or not executable (set EXPORT_CHROMIUM_PATH)`);
    }
    const browser = await chromium.launch({
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-extensions",
        "--disable-sync",
        "--no-first-run",
      ],
    });
    try {
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true, serviceWorkers: "block" });
      await context.route("**/*", (route) => route.abort());
      const idle = await Promise.all(Array.from({ length: pages }, () => context.newPage()));
      return new ChromiumRenderer(browser, context, idle);
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  async pdf(html: string): Promise<Uint8Array> {
    const page = this.idle.pop() ?? (await new Promise<Page>((resolve) => this.waiting.push(resolve)));
    try {
      await page.setContent(html, { waitUntil: "load" });
      return await page.pdf({
        format: "Letter",
        printBackground: true,
        margin: { top: "0.5in", right: "0.5in", bottom: "0.8in", left: "0.5in" },
        tagged: false,
        outline: false,
      });
    } finally {
      const next = this.waiting.shift();
      if (next) next(page);
      else this.idle.push(page);
    }
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
    await this.browser.close();
  }
}
