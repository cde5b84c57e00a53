// mistake: The _meta is merged only when its progressToken is truthy, so a token of 0 and a _meta without a token are lost.
// learner: Your function seems to carry _meta over only when its progressToken looks truthy, so a token of 0, or a _meta with no token, is lost. Whatever _meta the request has is carried over whole.
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
  if (params._meta && params._meta.progressToken && !Object.hasOwn(args, '_meta')) {
    args._meta = params._meta;
  }
  return args;
}
