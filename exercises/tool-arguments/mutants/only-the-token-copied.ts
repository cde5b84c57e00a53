// mistake: rebuilds the request's _meta from its progressToken alone, so its other keys (io.modelcontextprotocol/*, the client's own) are lost.
// learner: Your result seems to carry over only the progressToken of the request's _meta and drop its other keys. The request's _meta goes to the tool whole.
// hint: 3
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  const args = { ...(params.arguments || {}) };
  // The arguments' own _meta wins: only fill the key when it is absent.
  if (Object.hasOwn(params, '_meta') && !Object.hasOwn(args, '_meta')) {
    args._meta = { progressToken: params._meta?.progressToken };
  }
  return args;
}
