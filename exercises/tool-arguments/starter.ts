/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  // start from params.arguments (or {}), then add params._meta unless the arguments have their own
  return { ...params.arguments };
}
