/**
 * import() of a package left outside the prebuilt `course` command (mermaid, vega): inside the
 * bundle its loader provides `import.meta.importModule`, because Node 20 loses a script's import()
 * callback when the script comes from a code cache (runner/cli/bundle-loader.cjs); elsewhere
 * (tests, tsx) the plain import() does the same.
 */
export function importModule(specifier: string): Promise<unknown> {
  const provided = (import.meta as { importModule?: (specifier: string) => Promise<unknown> }).importModule;
  return provided ? provided(specifier) : import(specifier);
}
