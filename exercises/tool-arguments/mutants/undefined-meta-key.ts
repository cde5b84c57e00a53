// mistake: A _meta key set to undefined is added even when the request has no _meta.
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  const args = { ...(params.arguments || {}) };
  // The arguments' own _meta wins: only fill the key when it is absent.
  if (!Object.hasOwn(args, '_meta')) {
    args._meta = params._meta;
  }
  return args;
}
