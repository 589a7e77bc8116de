import { z, type ZodType } from "zod";
import { parseOperationInputs, type InputPart } from "../../api/operation-access";
import type { Answer, Operation } from "../../api/operation";
import type { Permission } from "../../identity/authz/permissions";
import { routeRequest } from "../../platform/db/replica-reads";
import { procedure } from "./init";

/* eslint-disable @typescript-eslint/no-explicit-any -- the conditional types below take every declaration apart */

/** An object schema, possibly refined and then transformed (`z.object(...).transform(...)`): its input is an object's fields. */
type ObjectLike = z.ZodObject<any, any> | z.ZodPipe<z.ZodObject<any, any>, any>;
type ObjectFields<S> = S extends ObjectLike ? z.input<S> : unknown;
type BodyFields<S> = S extends ObjectLike ? z.input<S> : S extends ZodType ? { body: z.input<S> } : unknown;
type Flatten<T> = { [K in keyof T]: T[K] } & {};
/**
 * A procedure's input is one object: the path parameters, query fields and an object body's fields
 * side by side (any other body is its `body` field). An operation that takes nothing takes no input.
 */
export type ProcedureInput<PS, QS, BS> = [PS, QS, BS] extends [undefined, undefined, undefined]
  ? void
  : Flatten<ObjectFields<PS> & ObjectFields<QS> & BodyFields<BS>>;

type RpcAccess = Permission | "authenticated";

/** The object schema whose fields a part takes: the schema itself, or the object a transform starts from. */
function objectOf(schema: ZodType): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe && schema.in instanceof z.ZodObject) return schema.in;
  return undefined;
}

/** The input object's fields that belong to one object schema (so a strict schema never sees the others'). */
function fieldsOf(schema: z.ZodObject, input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(schema.shape)
      .filter((key) => key in input)
      .map((key) => [key, input[key]]),
  );
}

/**
 * The input object's fields and the schema of each, for tools that walk the procedures (the
 * hostile-strings walk); parsing stays `splitInput()`'s. Refuses, when the router is built, an
 * operation whose params, query and body name the same field.
 */
function inputShape(operation: Operation<any, any, any, any, any, any>): Record<string, ZodType> {
  const shape: Record<string, ZodType> = {};
  for (const schema of [operation.params, operation.query, operation.body] as (ZodType | undefined)[]) {
    if (!schema) continue;
    const fields: Record<string, ZodType> = objectOf(schema)?.shape ?? { body: schema };
    for (const [key, field] of Object.entries(fields)) {
      if (key in shape) throw new Error(`Operation "${operation.summary}": the field "${key}" appears twice in its input`);
      shape[key] = field;
    }
  }
  return shape;
}

function splitInput(operation: Operation<any, any, any, any, any, any>, raw: unknown) {
  const input = (raw ?? {}) as Record<string, unknown>;
  const part = (schema: ZodType | undefined): InputPart => {
    if (!schema) return { schema, value: undefined };
    const object = objectOf(schema);
    return object ? { schema, value: fieldsOf(object, input) } : { schema, value: input.body, prefix: "body" };
  };
  return parseOperationInputs({ params: part(operation.params), query: part(operation.query), body: part(operation.body) });
}

/** The flat input schema a bound operation's parser (an entry of a procedure's `_def.inputs`) carries, else undefined. */
export function operationInputSchema(parser: unknown): ZodType | undefined {
  return typeof parser === "function" ? (parser as { inputSchema?: ZodType }).inputSchema : undefined;
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
  // The parser only types the input (splitInput parses it); it carries the flat input's schema as `inputSchema`.
  const typedInput = Object.defineProperty((raw: unknown) => raw as ProcedureInput<PS, QS, BS>, "inputSchema", {
    value: z.object(inputShape(operation)),
    enumerable: false,
  });
  // Without a response schema the handler's own type is the output, and nothing is parsed.
  const output = (operation.response ?? z.any()) as unknown as ZodType<Output<RS, R>, Returned<RS, R>>;
  const builder = procedure(operation.access).input(typedInput).output(output);
  const resolve =
    (mayWrite: boolean) =>
    async ({ ctx, input }: { ctx: { principal: unknown; ip: string }; input: unknown }) => {
      const callerKey = (ctx.principal as { userId?: string } | null)?.userId ?? null;
      const routed = await routeRequest({ readsReplica: operation.reads === "replica", mayWrite, callerKey }, () =>
        operation.handler({ principal: ctx.principal, ip: ctx.ip, ...splitInput(operation, input) } as never),
      );
      return routed.result;
    };
  return { builder, resolve: (mayWrite: boolean) => resolve(mayWrite) as never };
}

/** Binds a declared operation to a tRPC query (the router's one line). */
export function query<PS, QS, BS, RS, A extends RpcAccess, R extends Answer<RS>>(operation: Operation<PS, QS, BS, RS, A, R>) {
  const { builder, resolve } = bind(operation);
  return builder.query(resolve(false));
}

/** Binds a declared operation to a tRPC mutation (the router's one line). */
export function mutation<PS, QS, BS, RS, A extends RpcAccess, R extends Answer<RS>>(operation: Operation<PS, QS, BS, RS, A, R>) {
  const { builder, resolve } = bind(operation);
  return builder.mutation(resolve(true));
}
