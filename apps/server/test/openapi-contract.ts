/**
 * Requests generated from the server's own OpenAPI document, and the check that an answer is one the
 * document declares: for every operation, one valid request (built from each schema's `example`, `enum`,
 * `default` or type) and invalid ones (a required field or parameter missing, a wrong type, a value
 * outside its pattern, enum or length), each expected to get a declared 4xx.
 *
 * A pattern-constrained field without an `example` cannot be filled validly, so building its operation
 * throws: the document must show a valid value wherever it constrains one.
 *
 * @module
 */

import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';

/** The subset of JSON Schema (OpenAPI 3.0 flavour) the document's schemas use. */
export interface Schema {
  readonly type?: string;
  readonly nullable?: boolean;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly default?: unknown;
  readonly example?: unknown;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly items?: Schema;
  readonly minItems?: number;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
}

interface Parameter {
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly name: string;
  readonly required?: boolean;
  readonly schema: Schema;
}

interface MediaType {
  readonly schema?: Schema;
}

interface ResponseObject {
  readonly content?: Readonly<Record<string, MediaType>>;
}

/** One operation of the document. */
export interface OperationObject {
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: {
    readonly required?: boolean;
    readonly content: Readonly<Record<string, MediaType>>;
  };
  readonly responses: Readonly<Record<string, ResponseObject>>;
  readonly security?: readonly unknown[];
}

/** The document, as `/api/docs/json` serves it. */
export interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, OperationObject>>>>;
}

/** A request to send, and whether the document allows it. */
export interface GeneratedRequest {
  readonly method: string;
  readonly path: string;
  readonly url: string;
  readonly body?: unknown;
  readonly valid: boolean;
  /** What makes an invalid request invalid, for the failure message. */
  readonly why: string;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document with its method and path. */
export function operationsOf(
  document: OpenApiDocument,
): { method: string; path: string; operation: OperationObject }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/**
 * A value `schema` accepts.
 *
 * @throws Error for a pattern-constrained string without an example.
 */
export function exampleOf(schema: Schema, where: string): unknown {
  if (schema.example !== undefined) return schema.example;
  if ('const' in schema) return schema.const;
  if (schema.enum !== undefined && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) {
    const first = alternatives.find((alternative) => alternative.type !== 'null') ?? alternatives[0];
    return first === undefined ? null : exampleOf(first, where);
  }
  switch (schema.type) {
    case 'string': {
      if (schema.pattern !== undefined) throw new Error(`${where}: pattern ${schema.pattern} has no example`);
      const length = Math.min(Math.max(schema.minLength ?? 1, 1), schema.maxLength ?? Infinity);
      return 'x'.repeat(length);
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? Math.min(1, schema.maximum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, (_, index) =>
        exampleOf(schema.items ?? {}, `${where}[${String(index)}]`),
      );
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [
          key,
          exampleOf(schema.properties?.[key] ?? {}, `${where}.${key}`),
        ]),
      );
    default:
      return schema.nullable === true ? null : 'x';
  }
}

/** Values `schema` refuses, each with the reason; none when it accepts any string (a free path segment). */
export function invalidValuesOf(schema: Schema, asText: boolean): { value: unknown; why: string }[] {
  const out: { value: unknown; why: string }[] = [];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) {
    if (!asText && alternatives.every((alternative) => alternative.type !== 'object'))
      out.push({ value: { not: 'this' }, why: 'an object where none is allowed' });
    return out;
  }
  if (schema.enum !== undefined) out.push({ value: 'not-one-of-the-values', why: 'outside the enum' });
  switch (schema.type) {
    case 'string':
      if (schema.pattern !== undefined) out.push({ value: 'not valid!', why: `outside ${schema.pattern}` });
      if (schema.maxLength !== undefined)
        out.push({
          value: 'x'.repeat(schema.maxLength + 1),
          why: `over ${String(schema.maxLength)} characters`,
        });
      if ((schema.minLength ?? 0) > 0 && schema.enum === undefined)
        out.push({ value: '', why: 'empty where a length is required' });
      if (!asText) out.push({ value: 12_345, why: 'a number where a string is required' });
      break;
    case 'integer':
    case 'number':
      out.push({ value: asText ? 'not-a-number' : 'twelve', why: 'not a number' });
      if (schema.minimum !== undefined) out.push({ value: schema.minimum - 1, why: 'below the minimum' });
      if (schema.maximum !== undefined) out.push({ value: schema.maximum + 1, why: 'above the maximum' });
      break;
    case 'boolean':
      if (!asText) out.push({ value: 'yes', why: 'a string where a boolean is required' });
      break;
    case 'array':
      if (!asText) out.push({ value: 'not-an-array', why: 'a string where an array is required' });
      break;
    case 'object':
      if (!asText) out.push({ value: [], why: 'an array where an object is required' });
      break;
    default:
      break;
  }
  return out.map((entry) =>
    asText ? { ...entry, value: JSON.stringify(entry.value).replace(/^"|"$/g, '') } : entry,
  );
}

function urlOf(path: string, pathValues: Record<string, string>, query: Record<string, string>): string {
  const filled = path.replaceAll(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(pathValues[name] ?? ''),
  );
  const search = new URLSearchParams(query).toString();
  return search === '' ? filled : `${filled}?${search}`;
}

/** `record` without `key`. */
function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}

/** One valid request for the operation, then invalid ones. */
export function requestsFor(method: string, path: string, operation: OperationObject): GeneratedRequest[] {
  const where = `${method} ${path}`;
  const parameters = operation.parameters ?? [];
  const pathValues: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const parameter of parameters) {
    if (parameter.in === 'path')
      pathValues[parameter.name] = String(exampleOf(parameter.schema, `${where} ${parameter.name}`));
    else if (parameter.in === 'query' && parameter.required === true)
      query[parameter.name] = String(exampleOf(parameter.schema, `${where} ?${parameter.name}`));
  }
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const body = bodySchema === undefined ? undefined : exampleOf(bodySchema, `${where} body`);
  const requests: GeneratedRequest[] = [
    { method, path, url: urlOf(path, pathValues, query), body, valid: true, why: 'valid' },
  ];
  const invalid = (url: string, why: string, withBody: { value: unknown } = { value: body }): void => {
    requests.push({ method, path, url, body: withBody.value, valid: false, why });
  };

  for (const parameter of parameters) {
    if (parameter.in === 'query' && parameter.required === true) {
      invalid(urlOf(path, pathValues, without(query, parameter.name)), `?${parameter.name} missing`);
    }
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    for (const { value, why } of invalidValuesOf(parameter.schema, true)) {
      const text = String(value);
      if (parameter.in === 'path') {
        if (text === '') continue;
        invalid(urlOf(path, { ...pathValues, [parameter.name]: text }, query), `{${parameter.name}} ${why}`);
      } else {
        invalid(urlOf(path, pathValues, { ...query, [parameter.name]: text }), `?${parameter.name} ${why}`);
      }
    }
  }

  if (bodySchema !== undefined) {
    const url = urlOf(path, pathValues, query);
    if (operation.requestBody?.required === true) invalid(url, 'no body', { value: undefined });
    for (const { value, why } of invalidValuesOf(bodySchema, false)) invalid(url, `body ${why}`, { value });
    if (bodySchema.type === 'object' && typeof body === 'object' && body !== null) {
      const fields = body as Record<string, unknown>;
      for (const key of bodySchema.required ?? []) {
        invalid(url, `body.${key} missing`, { value: without(fields, key) });
      }
      for (const [key, schema] of Object.entries(bodySchema.properties ?? {})) {
        for (const { value, why } of invalidValuesOf(schema, false)) {
          invalid(url, `body.${key} ${why}`, { value: { ...fields, [key]: value } });
        }
      }
    }
  }
  return requests;
}

/** Checks answers against the responses an operation declares. */
export class ResponseChecker {
  readonly #ajv = new Ajv({ strict: false, allErrors: true });
  readonly #validators = new Map<Schema, ValidateFunction>();

  constructor() {
    // ajv-formats is CommonJS: its plugin is the module's `default`.
    formats.default(this.#ajv);
  }

  /** Why the answer breaks the declaration, or `null` when it keeps it. */
  problem(
    operation: OperationObject,
    status: number,
    contentType: string | undefined,
    body: string,
  ): string | null {
    const declared =
      operation.responses[String(status)] ??
      operation.responses[`${String(status).slice(0, 1)}XX`] ??
      operation.responses.default;
    if (declared === undefined) return `status ${String(status)} is not declared`;
    const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const content = declared.content;
    if (content === undefined || Object.keys(content).length === 0) {
      return body === '' ? null : `a ${mediaType} body where ${String(status)} declares none`;
    }
    const match = Object.entries(content).find(([type]) =>
      type.endsWith('/*') ? mediaType.startsWith(type.slice(0, -1)) : type === mediaType,
    );
    if (match === undefined) {
      return `content type ${mediaType} is not among ${Object.keys(content).join(', ')} for ${String(status)}`;
    }
    const schema = match[1].schema;
    if (schema === undefined || !mediaType.includes('json')) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `a ${mediaType} body that is not JSON`;
    }
    let validate = this.#validators.get(schema);
    if (validate === undefined) {
      validate = this.#ajv.compile(schema);
      this.#validators.set(schema, validate);
    }
    if (validate(parsed)) return null;
    return `body breaks the ${String(status)} schema: ${this.#ajv.errorsText(validate.errors)}`;
  }
}
