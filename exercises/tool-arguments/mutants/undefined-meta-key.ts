// mistake: A _meta key set to undefined is added even when the request has no _meta.
// learner: Your result seems to get a _meta key set to undefined when the request has no _meta. Such a key still shows up among the keys; look again at when the key should be added at all.
// hint: 2
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
