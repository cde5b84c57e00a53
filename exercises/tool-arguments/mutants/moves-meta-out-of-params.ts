// mistake: moves the request's _meta into the result and deletes it from params, changing the caller's object.
// learner: Your toolArguments seems to change params itself (its _meta is gone after the call). Build the result as a new object and leave params exactly as it came.
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  const args = { ...(params.arguments || {}) };
  if (Object.hasOwn(params, '_meta') && !Object.hasOwn(args, '_meta')) {
    args._meta = params._meta;
    // "Moved", not copied: the request no longer carries it.
    delete params._meta;
  }
  return args;
}
