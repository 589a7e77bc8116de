import { z, type ZodType } from "zod";
import { parseOperationInput } from "../api/operation-access";
import type { Answer, Operation } from "../api/operation";
import type { Permission } from "../authz/permissions";
import { procedure } from "./init";

/* eslint-disable @typescript-eslint/no-explicit-any -- the conditional types below take every declaration apart */

type ObjectFields<S> = S extends z.ZodObject<any, any> ? z.input<S> : unknown;
type BodyFields<S> = S extends z.ZodObject<any, any> ? z.input<S> : S extends ZodType ? { body: z.input<S> } : unknown;
type Flatten<T> = { [K in keyof T]: T[K] } & {};
/**
 * A procedure's input is one object: the path parameters, query fields and an object body's fields
 * side by side (any other body is its `body` field). An operation that takes nothing takes no input.
 */
export type ProcedureInput<PS, QS, BS> = [PS, QS, BS] extends [undefined, undefined, undefined]
  ? void
  : Flatten<ObjectFields<PS> & ObjectFields<QS> & BodyFields<BS>>;

type RpcAccess = Permission | "authenticated";

const isObjectSchema = (schema: ZodType): schema is z.ZodObject => schema instanceof z.ZodObject;

/** The input object's fields that belong to one object schema (so a strict schema never sees the others'). */
function fieldsOf(schema: z.ZodObject, input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(schema.shape)
      .filter((key) => key in input)
      .map((key) => [key, input[key]]),
  );
}

/** Refuses, when the router is built, an operation whose params, query and body name the same field. */
function assertDistinctFields(operation: Operation<any, any, any, any, any, any>): void {
  const seen = new Set<string>();
  for (const schema of [operation.params, operation.query, operation.body] as (ZodType | undefined)[]) {
    if (!schema) continue;
    const keys = isObjectSchema(schema) ? Object.keys(schema.shape) : ["body"];
    for (const key of keys) {
      if (seen.has(key)) throw new Error(`Operation "${operation.summary}": the field "${key}" appears twice in its input`);
      seen.add(key);
    }
  }
}

function splitInput(operation: Operation<any, any, any, any, any, any>, raw: unknown) {
  const input = (raw ?? {}) as Record<string, unknown>;
  const part = (schema: ZodType | undefined) =>
    schema
      ? parseOperationInput(
          schema,
          isObjectSchema(schema) ? fieldsOf(schema, input) : input.body,
          isObjectSchema(schema) ? undefined : "body",
        )
      : undefined;
  return { params: part(operation.params), query: part(operation.query), body: part(operation.body) };
}

/** What the UI receives: the response schema's output (dates as ISO strings), else what the handler returns. */
type Output<RS, R> = RS extends ZodType ? z.output<RS> : R;
type Returned<RS, R> = RS extends ZodType ? z.input<RS> : R;

/**
 * The procedure of a declared operation: its access checks (init.ts `procedure()`, the same as
 * REST's), its input parsed by the operation's own schemas exactly as REST parses them (422 naming
 * the fields), its response schema as the output, its handler as the resolver.
 */
function bind<PS, QS, BS, RS, A extends RpcAccess, R extends Answer<RS>>(operation: Operation<PS, QS, BS, RS, A, R>) {
  assertDistinctFields(operation);
  const typedInput = (raw: unknown) => raw as ProcedureInput<PS, QS, BS>;
  // Without a response schema the handler's own type is the output, and nothing is parsed.
  const output = (operation.response ?? z.any()) as unknown as ZodType<Output<RS, R>, Returned<RS, R>>;
  const builder = procedure(operation.access).input(typedInput).output(output);
  const resolve = ({ ctx, input }: { ctx: { principal: unknown; ip: string }; input: unknown }) =>
    operation.handler({ principal: ctx.principal, ip: ctx.ip, ...splitInput(operation, input) } as never);
  return { builder, resolve: resolve as never };
}

const boundOperations = new WeakMap<object, Operation<any, any, any, any, any, any>>();

/** The operation a procedure was bound from, for walks over every procedure's input schemas (its `.input()` is no schema). */
export function operationOf(procedure: object): Operation<any, any, any, any, any, any> | undefined {
  return boundOperations.get(procedure);
}

function remember<P extends object>(procedure: P, operation: Operation<any, any, any, any, any, any>): P {
  boundOperations.set(procedure, operation);
  return procedure;
}

/** Binds a declared operation to a tRPC query (the router's one line). */
export function query<PS, QS, BS, RS, A extends RpcAccess, R extends Answer<RS>>(operation: Operation<PS, QS, BS, RS, A, R>) {
  const { builder, resolve } = bind(operation);
  return remember(builder.query(resolve), operation);
}

/** Binds a declared operation to a tRPC mutation (the router's one line). */
export function mutation<PS, QS, BS, RS, A extends RpcAccess, R extends Answer<RS>>(operation: Operation<PS, QS, BS, RS, A, R>) {
  const { builder, resolve } = bind(operation);
  return remember(builder.mutation(resolve), operation);
}
