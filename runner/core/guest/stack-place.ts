/**
 * Where in the learner's files an error was thrown, read from its stack: the first frame
 * `<file>:<line>:<column>` in one of them. For a stack overflow, the frame that repeats most (the
 * recursive call), because the innermost frame is wherever the stack happened to run out, which
 * differs from run to run. One pass of indexOf over at most STACK_SCAN_CHARS: linear, whatever
 * text learner code made. Self-contained (the guest carries its source into the learner's realm,
 * guest/source.ts): it uses only the builtins `p` gives, captured before learner code runs.
 */

/** The builtins the reader uses. */
export interface PlacePrimordials {
  apply: typeof Reflect.apply;
  strSlice: (this: string, start?: number, end?: number) => string;
  strIndexOf: (this: string, search: string, position?: number) => number;
  strCharCodeAt: (this: string, index: number) => number;
  MapCtor: MapConstructor;
  mapGet: (this: Map<unknown, unknown>, key: unknown) => unknown;
  mapSet: (this: Map<unknown, unknown>, key: unknown, value: unknown) => unknown;
}

/**
 * The place of a throw in `learnerFiles` (the names stack frames give them); `lineShift` lines
 * above each file's first line are the loader's (module-linker.ts), so a frame's line is that
 * many below the learner's. The file is named only when there is a shift (an exercise of several).
 */
export type FindPlace = (stack: string | undefined, overflow: boolean, learnerFiles: readonly string[], lineShift: number) => { line?: number; column?: number; file?: string };

export function makeStackPlace(p: PlacePrimordials): FindPlace {
  const { apply, strSlice, strIndexOf, strCharCodeAt, MapCtor, mapGet, mapSet } = p;
  /** Only this much of a stack is searched: the frames that matter come first. */
  const STACK_SCAN_CHARS = 20_000;

  /** The digits at `at` in `text` as a number, and where they end; `end === at` when there are none. */
  function digitsAt(text: string, at: number): { value: number; end: number } {
    let value = 0;
    let end = at;
    for (; end < text.length && end - at < 9; end++) {
      const c = apply(strCharCodeAt, text, [end]) as number;
      if (c < 48 || c > 57) break;
      value = value * 10 + (c - 48);
    }
    return { value, end };
  }

  return (stack, overflow, learnerFiles, lineShift) => {
    if (typeof stack !== 'string' || learnerFiles.length === 0) return {};
    const text = stack.length > STACK_SCAN_CHARS ? (apply(strSlice, stack, [0, STACK_SCAN_CHARS]) as string) : stack;
    const counts = new MapCtor<string, number>();
    let best: { line: number; column: number; file: string; count: number; at: number } | undefined;
    for (let f = 0; f < learnerFiles.length; f++) {
      const filename = learnerFiles[f] as string;
      for (let at = apply(strIndexOf, text, [filename, 0]) as number; at !== -1; at = apply(strIndexOf, text, [filename, at + 1]) as number) {
        // Past the first frame found so far: not the innermost (a stack overflow counts them all).
        if (!overflow && best && at > best.at) break;
        const before = at === 0 ? 32 : (apply(strCharCodeAt, text, [at - 1]) as number);
        // Preceded by a space, "(", "/" or "@" (a path or URL ending in the file name), then ":line:column".
        if (before !== 32 && before !== 40 && before !== 47 && before !== 64 && before !== 10) continue;
        const next = at + filename.length;
        if ((apply(strCharCodeAt, text, [next]) as number) !== 58) continue;
        const line = digitsAt(text, next + 1);
        if (line.end === next + 1 || (apply(strCharCodeAt, text, [line.end]) as number) !== 58) continue;
        const column = digitsAt(text, line.end + 1);
        if (column.end === line.end + 1 || line.value - lineShift < 1 || column.value < 1) continue;
        const found = { line: line.value - lineShift, column: column.value, file: filename };
        if (!overflow) {
          best = { ...found, count: 1, at };
          break;
        }
        const key = filename + ':' + found.line + ':' + found.column;
        const count = ((apply(mapGet, counts, [key]) as number | undefined) ?? 0) + 1;
        apply(mapSet, counts, [key, count]);
        if (!best || count > best.count) best = { ...found, count, at };
      }
    }
    if (!best) return {};
    return lineShift ? { line: best.line, column: best.column, file: best.file } : { line: best.line, column: best.column };
  };
}
