import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { parse } from "yaml";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const OPENAPI_FILE = "reference/zulip-openapi-9.0-fl247.yaml";
const DOC_ID = "zulip-openapi";

/** `../shared` beside the repository, or `PARLEY_SHARED_DIR`. */
function sharedDir(): string {
  const override = process.env["PARLEY_SHARED_DIR"];
  return override !== undefined && override !== "" ? resolve(override) : resolve(ROOT, "../shared");
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * OpenAPI 3.0 as the JSON Schema Ajv reads. `nullable: true` becomes `type: [t, "null"]` (and
 * `null` in an `enum`), or, without a `type` (an `allOf`, a `$ref`), `anyOf: [{type: "null"},
 * <the schema>]`.
 */
export function translateOpenApi(node: Json): Json {
  if (Array.isArray(node)) return node.map(translateOpenApi);
  if (!isObject(node)) return node;
  // Zulip's `oneOf`s list alternatives that overlap (error shapes differing only in their
  // example, events with optional fields), which its own validator accepts: read them as `anyOf`.
  const entries = Object.entries(node)
    .filter(([key]) => key !== "nullable")
    .map(([key, value]) => [key === "oneOf" ? "anyOf" : key, translateOpenApi(value)] as const);
  const out: JsonObject = Object.fromEntries(entries);
  if (node["nullable"] !== true) return out;
  const type = out["type"];
  if (typeof type === "string") {
    out["type"] = [type, "null"];
    const values = out["enum"];
    if (Array.isArray(values) && !values.includes(null)) out["enum"] = [...values, null];
    return out;
  }
  return { anyOf: [{ type: "null" }, out] };
}

function pointerEscape(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

function pointerGet(doc: Json, pointer: string): Json | undefined {
  let node: Json | undefined = doc;
  for (const raw of pointer.replace(/^#\//, "").split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
  }
  return node;
}

/** The `enum` an OpenAPI property allows, looking through `allOf` (Zulip's `type` fields). */
function enumOf(property: Json | undefined): Json[] | undefined {
  if (!isObject(property)) return undefined;
  if (Array.isArray(property["enum"])) return property["enum"];
  const parts = property["allOf"];
  if (!Array.isArray(parts)) return undefined;
  for (const part of parts) {
    const found = enumOf(part);
    if (found) return found;
  }
  return undefined;
}

/** Whether an event alternative of the OpenAPI is for this event's `type` (and `op`). */
function eventAlternativeMatches(alternative: Json, event: unknown): boolean {
  if (!isObject(alternative) || typeof event !== "object" || event === null) return false;
  const properties = alternative["properties"];
  if (!isObject(properties)) return false;
  const fields = new Map(Object.entries(event));
  const types = enumOf(properties["type"]);
  if (!types?.some((type) => type === fields.get("type"))) return false;
  const ops = enumOf(properties["op"]);
  return ops === undefined || ops.some((op) => op === fields.get("op"));
}

export interface SchemaError {
  path: string;
  message: string;
}

function describeError(error: ErrorObject): SchemaError {
  const extra =
    error.keyword === "additionalProperties"
      ? ` (${String(error.params["additionalProperty"])})`
      : error.keyword === "required"
        ? ` (${String(error.params["missingProperty"])})`
        : "";
  return { path: error.instancePath || "/", message: `${error.message ?? error.keyword}${extra}` };
}

/**
 * Zulip's OpenAPI description (9.0, feature level 247) as response validators: one Ajv schema
 * per operation and status, `$ref`s resolved against the whole document.
 */
export class ZulipOpenApi {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  private constructor(private readonly doc: Json) {
    addFormats(this.ajv);
    this.ajv.addSchema(doc as object, DOC_ID); // the parsed YAML document, an object
  }

  /** Loads the OpenAPI file from the shared folder; a missing file is a clear error. */
  static load(): ZulipOpenApi {
    const file = resolve(sharedDir(), OPENAPI_FILE);
    if (!existsSync(file)) {
      throw new Error(
        `Zulip's OpenAPI description is missing: ${file}. The contract tests need it; set ` +
          "PARLEY_SHARED_DIR to the folder that holds reference/zulip-openapi-9.0-fl247.yaml.",
      );
    }
    const parsed: unknown = parse(readFileSync(file, "utf8"));
    if (!isObject(parsed)) throw new Error(`${file} is not an OpenAPI document`);
    return new ZulipOpenApi(translateOpenApi(parsed));
  }

  /** Whether the document describes `method path` (`GET /messages/{message_id}`). */
  has(operation: string): boolean {
    return this.operationPointer(operation) !== undefined;
  }

  /** The statuses documented for an operation, e.g. `["200", "400"]`. */
  statuses(operation: string): string[] {
    const pointer = this.operationPointer(operation);
    const responses =
      pointer === undefined ? undefined : pointerGet(this.doc, `${pointer}/responses`);
    return isObject(responses) ? Object.keys(responses) : [];
  }

  /** Schema errors of `body` as the `status` response of `operation` (empty when it fits). */
  validate(operation: string, status: number, body: unknown): SchemaError[] {
    const validator = this.validator(operation, String(status));
    if (validator(body)) return [];
    return (validator.errors ?? []).map(describeError);
  }

  /**
   * Schema errors of the events of a `GET /events` body, each checked against the alternatives
   * of the OpenAPI's `oneOf` with its `type` (and `op`), so a mismatch names the field rather
   * than listing every event type it is not. Unknown event types are errors too.
   */
  validateEvents(events: readonly unknown[]): SchemaError[] {
    const base =
      "#/paths/~1events/get/responses/200/content/application~1json/schema/allOf/1/properties/events/items/anyOf";
    const alternatives = pointerGet(this.doc, base);
    if (!Array.isArray(alternatives)) throw new Error("GET /events: no event alternatives");
    return events.flatMap((event, index) => {
      const candidates = alternatives
        .map((alternative, i) => ({ alternative, pointer: `${base}/${i}` }))
        .filter(({ alternative }) => eventAlternativeMatches(alternative, event));
      if (candidates.length === 0) {
        return [{ path: `/events/${index}`, message: "no event of this type/op in the OpenAPI" }];
      }
      const results = candidates.map(({ pointer }) => this.validatePointer(pointer, event));
      if (results.some((errors) => errors.length === 0)) return [];
      const best = results.reduce((a, b) => (b.length < a.length ? b : a));
      return best.map((error) => ({
        ...error,
        path: `/events/${index}${error.path === "/" ? "" : error.path}`,
      }));
    });
  }

  private validatePointer(pointer: string, body: unknown): SchemaError[] {
    let validator = this.compiled.get(pointer);
    if (!validator) {
      validator = this.ajv.compile({ $ref: `${DOC_ID}${pointer}` });
      this.compiled.set(pointer, validator);
    }
    if (validator(body)) return [];
    return (validator.errors ?? []).map(describeError);
  }

  /** Schema errors of `body` against `#/components/schemas/<name>`. */
  validateComponent(name: string, body: unknown): SchemaError[] {
    const key = `#/components/schemas/${name}`;
    let validator = this.compiled.get(key);
    if (!validator) {
      if (pointerGet(this.doc, key) === undefined) throw new Error(`no schema ${name}`);
      validator = this.ajv.compile({ $ref: `${DOC_ID}${key}` });
      this.compiled.set(key, validator);
    }
    if (validator(body)) return [];
    return (validator.errors ?? []).map(describeError);
  }

  private operationPointer(operation: string): string | undefined {
    const [method, path] = operation.split(" ");
    if (method === undefined || path === undefined) return undefined;
    const pointer = `#/paths/${pointerEscape(path)}/${method.toLowerCase()}`;
    return isObject(pointerGet(this.doc, pointer)) ? pointer : undefined;
  }

  private validator(operation: string, status: string): ValidateFunction {
    const key = `${operation} ${status}`;
    const cached = this.compiled.get(key);
    if (cached) return cached;
    const pointer = this.operationPointer(operation);
    if (pointer === undefined) throw new Error(`${operation} is not in Zulip's OpenAPI`);
    let responsePointer = `${pointer}/responses/${status}`;
    const response = pointerGet(this.doc, responsePointer);
    if (response === undefined) {
      throw new Error(
        `${operation} documents no ${status} response (only ${this.statuses(operation).join(", ")})`,
      );
    }
    // A response may itself be a `$ref` to `#/components/responses/…`.
    if (isObject(response) && typeof response["$ref"] === "string") {
      responsePointer = response["$ref"];
    }
    const schemaPointer = `${responsePointer}/content/application~1json/schema`;
    if (pointerGet(this.doc, schemaPointer) === undefined) {
      throw new Error(`${operation} ${status} has no JSON schema`);
    }
    const validator = this.ajv.compile({ $ref: `${DOC_ID}${schemaPointer}` });
    this.compiled.set(key, validator);
    return validator;
  }
}
