/**
 * JSON-RPC 2.0 framing as the validator speaks it: single and batch requests, its error codes and
 * messages, and u64 values written as exact JSON integers (above 2^53 as raw digits, never rounded).
 *
 * @module
 */

/** Error codes the node returns (JSON-RPC's own and the validator's custom ones). */
export const RpcErrorCode = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SEND_TRANSACTION_PREFLIGHT_FAILURE: -32002,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE: -32003,
  UNSUPPORTED_TRANSACTION_VERSION: -32015,
  MIN_CONTEXT_SLOT_NOT_REACHED: -32016,
} as const;

/** A JSON-RPC error response's `error` object, thrown by handlers. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** -32602 with a message, the validator's answer to any parameter it cannot use. */
export function invalidParams(message: string): RpcError {
  return new RpcError(RpcErrorCode.INVALID_PARAMS, message);
}

/** A method handler: positional params in, a JSON-serializable result out (or an {@link RpcError}). */
export type RpcHandler = (params: readonly unknown[]) => unknown;

const rawJson = (JSON as unknown as { rawJSON: (text: string) => unknown }).rawJSON;

/**
 * A u64 as a JSON value: a number while exact, raw JSON digits beyond 2^53 (kit and serde_json read
 * them back exactly).
 */
export function u64(value: bigint): unknown {
  return value <= 9_007_199_254_740_991n ? Number(value) : rawJson(value.toString());
}

/** Parses JSON keeping integers beyond 2^53 exact, as `bigint`. */
function parseJson(text: string): unknown {
  // The source-text reviver is slower; only bodies with a long run of digits can need it.
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) => {
    if (
      typeof value === 'number' &&
      !Number.isSafeInteger(value) &&
      context?.source &&
      /^-?\d+$/.test(context.source)
    ) {
      return BigInt(context.source);
    }
    return value;
  });
}

interface Envelope {
  jsonrpc: '2.0';
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

function failure(id: unknown, error: RpcError): Envelope {
  const body: Envelope['error'] = { code: error.code, message: error.message };
  if (error.data !== undefined) body.data = error.data;
  return { jsonrpc: '2.0', error: body, id };
}

function isValidId(id: unknown): boolean {
  return id === null || typeof id === 'string' || typeof id === 'number';
}

/**
 * Answers one request object. Returns `undefined` for a notification (no `id`), which gets no response.
 *
 * Handler errors that are not {@link RpcError}s are bugs; they are reported as -32603 without detail and
 * passed to `onInternalError`, so bad input can never crash the node.
 */
function answer(
  request: unknown,
  methods: ReadonlyMap<string, RpcHandler>,
  onInternalError: (error: unknown) => void,
): Envelope | undefined {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return failure(null, new RpcError(RpcErrorCode.INVALID_REQUEST, 'Invalid request'));
  }
  const { jsonrpc, method, params, id } = request as Record<string, unknown>;
  const hasId = 'id' in request;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (hasId && !isValidId(id))) {
    return failure(
      hasId && isValidId(id) ? id : null,
      new RpcError(RpcErrorCode.INVALID_REQUEST, 'Invalid request'),
    );
  }
  const handler = methods.get(method);
  let envelope: Envelope;
  if (!handler) {
    envelope = failure(id, new RpcError(RpcErrorCode.METHOD_NOT_FOUND, `Method not found: ${method}`));
  } else if (params !== undefined && params !== null && !Array.isArray(params)) {
    envelope = failure(id, invalidParams('Invalid params: expected an array of positional parameters.'));
  } else {
    try {
      envelope = { jsonrpc: '2.0', result: handler((params as unknown[] | null | undefined) ?? []), id };
    } catch (error) {
      if (error instanceof RpcError) {
        envelope = failure(id, error);
      } else {
        onInternalError(error);
        envelope = failure(id, new RpcError(RpcErrorCode.INTERNAL_ERROR, 'Internal error'));
      }
    }
  }
  return hasId ? envelope : undefined;
}

/**
 * Answers a request body: a single request or a batch. Returns the response body, or `null` when there
 * is nothing to send back (only notifications).
 *
 * @example handleJsonRpc('{"jsonrpc":"2.0","id":1,"method":"getHealth"}', methods, console.error)
 */
export function handleJsonRpc(
  body: string,
  methods: ReadonlyMap<string, RpcHandler>,
  onInternalError: (error: unknown) => void,
): string | null {
  let request: unknown;
  try {
    request = parseJson(body);
  } catch {
    return JSON.stringify(failure(null, new RpcError(RpcErrorCode.PARSE_ERROR, 'Parse error')));
  }
  if (Array.isArray(request)) {
    if (request.length === 0) {
      return JSON.stringify(failure(null, new RpcError(RpcErrorCode.INVALID_REQUEST, 'Invalid request')));
    }
    const responses: Envelope[] = [];
    for (const item of request) {
      const response = answer(item, methods, onInternalError);
      if (response) responses.push(response);
    }
    return responses.length > 0 ? JSON.stringify(responses) : null;
  }
  const response = answer(request, methods, onInternalError);
  return response ? JSON.stringify(response) : null;
}
