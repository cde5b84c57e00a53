// mistake: The two _meta objects are combined key by key instead of keeping the arguments' _meta unchanged.
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  const args = { ...(params.arguments || {}) };
  // The arguments' own _meta wins: only fill the key when it is absent.
  if (Object.hasOwn(params, '_meta')) {
    args._meta = { ...params._meta, ...(args._meta || {}) };
  }
  return args;
}
