// A small builder class: copies the arguments into a fresh object, then decides on _meta in a method.
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

class ArgumentBuilder {
  private readonly params: ToolCallParams;

  constructor(params: ToolCallParams) {
    this.params = params;
  }

  private get args(): Record<string, unknown> {
    return this.params.arguments === undefined ? {} : this.params.arguments;
  }

  build(): Record<string, unknown> {
    const args = this.args;
    const wantsMeta = '_meta' in this.params && Object.hasOwn(this.params, '_meta');
    const keepOwn = Object.hasOwn(args, '_meta');
    return wantsMeta && !keepOwn ? { ...args, _meta: this.params._meta } : { ...args };
  }
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  return new ArgumentBuilder(params).build();
}
