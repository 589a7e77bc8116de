import type pg from "pg";

/**
 * `COPY ... TO STDOUT` on a pg client, as a submittable query (pg has no COPY API of its own;
 * pg-copy-streams plugs in the same way). Each CopyData message goes to `onChunk` synchronously,
 * while it is still a view into pg's read buffer, so a consumer that works row by row needs no
 * copy and no queue: while it is busy the socket is not read, and PostgreSQL waits on it.
 */
export class CopyOutQuery implements pg.Submittable {
  readonly done: Promise<void>;
  private resolve!: () => void;
  private reject!: (error: unknown) => void;
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly text: string,
    private readonly onChunk: (chunk: Buffer) => void,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: pg.Connection): void {
    connection.query(this.text);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    if (this.failure) return;
    // A throw here would unwind into pg's socket handler; it fails this query instead.
    try {
      this.onChunk(message.chunk);
    } catch (error) {
      this.failure = { error };
    }
  }

  handleReadyForQuery(): void {
    if (this.failure) this.reject(this.failure.error);
    else this.resolve();
  }

  handleError(error: Error): void {
    this.reject(error);
  }

  handleCopyInResponse(connection: pg.Connection & { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail("this query only reads");
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
}
