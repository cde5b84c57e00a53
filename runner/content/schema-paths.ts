/**
 * Reads a zod schema along a front-matter path, so diagnostics can quote the description of the
 * field at fault and list the keys allowed where an unknown one was written.
 */
import type { z } from 'zod';

/** The parts of zod 4's schema definition walked here (`schema._zod.def`). */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** Unwraps default/optional/... layers, keeping the first description met on the way. */
function unwrap(schema: z.ZodType): { core: z.ZodType; description?: string } {
  let core = schema;
  let description = core.description;
  for (let def = defOf(core); ; def = defOf(core)) {
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) break;
    core = inner;
    description ??= core.description;
  }
  return description === undefined ? { core } : { core, description };
}

function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): { core: z.ZodType; description?: string } | undefined {
  let current = unwrap(schema);
  for (const segment of path) {
    const def = defOf(current.core);
    const next = def.type === 'object' ? def.shape?.[String(segment)] : def.type === 'array' ? def.element : undefined;
    if (!next) return undefined;
    current = unwrap(next);
  }
  return current;
}

/** The `.describe()` text of the field at `path`, if any. */
export function describeAt(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  return path.length === 0 ? undefined : schemaAt(schema, path)?.description;
}

/** The keys an object schema at `path` allows (empty when `path` is not an object). */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const found = schemaAt(schema, path);
  const def = found && defOf(found.core);
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

/** `limits.callMs`, `hints[2]`, `specs[0].url`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    text += typeof segment === 'number' ? `[${segment}]` : `${text ? '.' : ''}${String(segment)}`;
  }
  return text || '(front matter)';
}
