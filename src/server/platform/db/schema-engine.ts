/**
 * Prisma's WASM schema engine (@prisma/schema-engine-wasm), driven through a @prisma/adapter-pg driver
 * adapter. This replaces the native schema-engine binary, which cannot be downloaded on this network,
 * for applying, creating and checking migrations (see docs/database.md).
 *
 * The engine version must match the installed prisma version exactly (both are pinned in package.json).
 * Adapter fixes, kept here because the engine depends on them:
 * - adapter-pg's executeScript splits the script on ";", which breaks `$$ ... $$` function bodies and
 *   string literals: the whole script is sent as one simple-protocol query instead (PostgreSQL runs a
 *   multi-statement query in one implicit transaction, as the native engine does).
 * - adapter-pg rejects PostgreSQL's internal `"char"` type (oid 18), which the engine's catalog
 *   queries return: those columns are reported as Character.
 * - adapter-pg's own connectToShadowDb passes the shadow database name next to a connection string,
 *   which pg ignores (so it would migrate the main database): shadow databases are made here, as real
 *   temporary databases that are dropped again.
 * Must not import anything from next/*: scripts and the server start-up both use it.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { config } from "../config/env";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { SchemaEngine as WasmSchemaEngine } from "@prisma/schema-engine-wasm";
import pg from "pg";

export type SchemaEngine = WasmSchemaEngine;

/** adapter-pg is typed against its own copy of @types/pg; at run time both use the same `pg`. */
type PgPool = Extract<ConstructorParameters<typeof PrismaPg>[0], { totalCount: number }>;

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

type Log = (message: string) => void;

// ---------------------------------------------------------------------------------------------
// Loading the WASM module. The package's entry point imports the .wasm file as an ES module, which
// Node only supports behind a flag; instantiate it by hand instead (once per process).
// ---------------------------------------------------------------------------------------------

interface EngineModule {
  SchemaEngine: typeof WasmSchemaEngine;
  version(): string;
}

let enginePromise: Promise<EngineModule> | undefined;

function loadEngineModule(): Promise<EngineModule> {
  enginePromise ??= (async () => {
    const require = createRequire(import.meta.url);
    const bindingsPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bindings = (await import(bindingsPath)) as Record<string, unknown> & {
      __wbg_set_wasm(exports: WebAssembly.Exports): void;
    } & EngineModule;
    const bytes = await readFile(path.join(path.dirname(bindingsPath), "schema_engine_bg.wasm"));
    const wasmModule = await WebAssembly.compile(new Uint8Array(bytes));

    // The engine arms timers (e.g. for its own advisory-lock timeout) that it never clears; unref them
    // so that they do not keep a finished process alive.
    const imports: Record<string, unknown> = { ...bindings };
    for (const key of Object.keys(bindings)) {
      if (key.startsWith("__wbg_setTimeout_")) {
        imports[key] = (callback: () => void, ms: number) => {
          const timer = setTimeout(callback, ms >>> 0);
          timer.unref?.();
          return timer;
        };
      }
    }
    // Rust panics report their message through this registry.
    const globals = globalThis as unknown as { PRISMA_WASM_PANIC_REGISTRY?: { set_message(message: string): void } };
    globals.PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message(message: string) {
        lastPanicMessage = message;
      },
    };
    const instance = await WebAssembly.instantiate(wasmModule, { "./schema_engine_bg.js": imports as WebAssembly.ModuleImports });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bindings;
  })();
  enginePromise.catch(() => {
    enginePromise = undefined;
  });
  return enginePromise;
}

let lastPanicMessage: string | undefined;

// ---------------------------------------------------------------------------------------------
// Database helpers.
// ---------------------------------------------------------------------------------------------

/** The same server and credentials, another database. */
export function databaseUrlWith(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates an empty temporary database on the server of `url`; returns its name. */
export async function createTemporaryDatabase(url: string, prefix = "prisma_shadow"): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  // Connected to the database of `url` (CREATE DATABASE works from any database of the server).
  await withClient(url, (client) => client.query(`create database ${quoteIdent(name)}`));
  return name;
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  if (name === databaseNameOf(url)) throw new Error(`refusing to drop the database the URL names (${name})`);
  await withClient(url, (client) => client.query(`drop database if exists ${quoteIdent(name)} with (force)`));
}

// ---------------------------------------------------------------------------------------------
// The driver adapter handed to the engine.
// ---------------------------------------------------------------------------------------------

interface PgResultLike {
  fields: { dataTypeID: number }[];
  rows: unknown[];
}

/** Internal members of adapter-pg's queryable classes that the fixes below rely on. */
interface PgQueryableInternals {
  performIO(query: unknown): Promise<PgResultLike>;
  onError(error: unknown): never;
  queryRaw(query: unknown): Promise<{ columnTypes: number[]; rows: unknown[] }>;
}

/** Result rows of queries that returned `"char"` columns, with those columns' indexes. */
const charColumnsByRows = new WeakMap<object, number[]>();

function reportCharColumnsAsCharacter(queryable: object): void {
  const q = queryable as PgQueryableInternals;
  if (typeof q.performIO !== "function" || typeof q.queryRaw !== "function") {
    throw new Error("@prisma/adapter-pg changed: PgQueryable.performIO/queryRaw not found (see schema-engine.ts)");
  }
  const performIO = q.performIO.bind(q);
  q.performIO = async (query) => {
    const result = await performIO(query);
    const charColumns: number[] = [];
    result.fields?.forEach((field, index) => {
      if (field.dataTypeID === PG_CHAR_OID) {
        field.dataTypeID = PG_TEXT_OID; // mapped by adapter-pg without error; corrected below
        charColumns.push(index);
      }
    });
    if (charColumns.length > 0 && result.rows) charColumnsByRows.set(result.rows, charColumns);
    return result;
  };
  const queryRaw = q.queryRaw.bind(q);
  q.queryRaw = async (query) => {
    const resultSet = await queryRaw(query);
    const charColumns = charColumnsByRows.get(resultSet.rows);
    if (charColumns) for (const index of charColumns) resultSet.columnTypes[index] = ColumnTypeEnum.Character;
    return resultSet;
  };
}

function patchAdapter(adapter: SqlDriverAdapter, pool: pg.Pool, onDispose?: () => Promise<void>): SqlDriverAdapter {
  const internals = adapter as unknown as PgQueryableInternals;
  reportCharColumnsAsCharacter(adapter);

  // One simple-protocol query for the whole script: `$$` bodies and literals containing ";" survive.
  adapter.executeScript = async (script: string) => {
    try {
      await pool.query(script);
    } catch (error) {
      internals.onError(error);
    }
  };

  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => {
    const transaction = await startTransaction(isolationLevel);
    reportCharColumnsAsCharacter(transaction);
    return transaction;
  };

  const dispose = adapter.dispose.bind(adapter);
  let disposed: Promise<void> | undefined;
  adapter.dispose = () => {
    disposed ??= (async () => {
      try {
        await dispose();
      } finally {
        await onDispose?.();
      }
    })();
    return disposed;
  };
  return adapter;
}

class MigrationAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres" as const;
  readonly adapterName = "@prisma/adapter-pg";
  readonly adapters = new Set<SqlDriverAdapter>();

  constructor(
    private readonly url: string,
    private readonly log: Log,
  ) {}

  private async open(url: string, onDispose?: () => Promise<void>): Promise<SqlDriverAdapter> {
    // One pool per adapter, owned by it (adapter-pg ends pools it created when disposed).
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    pool.on("error", () => undefined); // idle-client errors surface on the next query instead
    const adapter = patchAdapter(await new PrismaPg(pool as unknown as PgPool, { disposeExternalPool: true }).connect(), pool, onDispose);
    this.adapters.add(adapter);
    return adapter;
  }

  connect(): Promise<SqlDriverAdapter> {
    return this.open(this.url);
  }

  /** A real, empty, temporary database on the same server, dropped when the engine disposes of it. */
  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const name = await createTemporaryDatabase(this.url);
    this.log(`created shadow database ${name}`);
    try {
      return await this.open(databaseUrlWith(this.url, name), async () => {
        await dropDatabase(this.url, name);
        this.log(`dropped shadow database ${name}`);
      });
    } catch (error) {
      await dropDatabase(this.url, name).catch(() => undefined);
      throw error;
    }
  }

  /** Disposes of every adapter still open (the engine does not always do it), dropping shadow databases. */
  async disposeAll(): Promise<void> {
    const errors: unknown[] = [];
    for (const adapter of this.adapters) {
      await adapter.dispose().catch((error: unknown) => errors.push(error));
    }
    this.adapters.clear();
    if (errors.length > 0) throw errors[0];
  }
}

// ---------------------------------------------------------------------------------------------
// Opening an engine.
// ---------------------------------------------------------------------------------------------

export interface EngineSession {
  engine: SchemaEngine;
  /** Frees the engine and closes every connection it opened, dropping any shadow database. */
  close(): Promise<void>;
}

/**
 * Opens the WASM schema engine on the database at `url` (its "main" database). Shadow databases,
 * when a command needs one, are created as temporary databases on the same server.
 */
export async function openSchemaEngine(
  url: string,
  options: { log?: Log; schema?: { path: string; content: string } } = {},
): Promise<EngineSession> {
  const log = options.log ?? (() => undefined);
  const debugEngine = config.prismaMigrateDebug;
  const { SchemaEngine } = await loadEngineModule();
  const factory = new MigrationAdapterFactory(url, (message) => debugEngine && log(message));
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  let engine: SchemaEngine;
  try {
    engine = await SchemaEngine.new(
      { datamodels: options.schema ? [[options.schema.path, options.schema.content]] : undefined },
      (message: string) => {
        if (debugEngine) log(`[schema-engine] ${message}`);
      },
      bound,
    );
  } catch (error) {
    await factory.disposeAll().catch(() => undefined);
    throw engineError(error, bound.errorRegistry);
  }
  let closed = false;
  return {
    engine: wrapErrors(engine, bound.errorRegistry),
    async close() {
      if (closed) return;
      closed = true;
      try {
        engine.free();
      } finally {
        await factory.disposeAll();
      }
    },
  };
}

interface ErrorRegistry {
  consumeError(id: number): { error: unknown } | undefined;
}

/** Engine errors are JS values holding the user-facing error; turn them into readable Errors. */
function engineError(error: unknown, registry?: ErrorRegistry): Error {
  if (error instanceof Error && !(error instanceof WebAssembly.RuntimeError)) return error;
  if (error instanceof WebAssembly.RuntimeError) {
    return new Error(`The schema engine panicked: ${lastPanicMessage ?? error.message}`);
  }
  if (error && typeof error === "object") {
    const value = error as { message?: string; error_code?: string; meta?: unknown; is_panic?: boolean };
    const jsErrorId = (value.meta as { id?: number } | undefined)?.id;
    if (registry && typeof jsErrorId === "number") {
      const registered = registry.consumeError(jsErrorId);
      if (registered?.error instanceof Error) return registered.error;
    }
    if (typeof value.message === "string") {
      const wrapped = new Error(value.error_code ? `${value.error_code}: ${value.message}` : value.message);
      (wrapped as Error & { code?: string }).code = value.error_code;
      return wrapped;
    }
  }
  if (typeof error === "string") return new Error(error);
  return new Error(`Schema engine error: ${JSON.stringify(error)}`);
}

function wrapErrors(engine: SchemaEngine, registry: ErrorRegistry): SchemaEngine {
  return new Proxy(engine, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || property === "free") return value;
      return (...args: unknown[]) => {
        try {
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(engineError(error, registry))) : result;
        } catch (error) {
          throw engineError(error, registry);
        }
      };
    },
  });
}
