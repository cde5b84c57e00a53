/** Content problems as the instructors' preview lists them: where, how bad, what, and the rule. */
import type { Diagnostic } from '../../../runner/content/index.ts';

export function DiagnosticList({ diagnostics }: { diagnostics: readonly Diagnostic[] }) {
  return (
    <ul>
      {diagnostics.map((d, i) => (
        <li key={i}>
          <code>
            {d.file}:{d.line}:{d.column}
          </code>{' '}
          {d.severity}: {d.message} <span className="muted">[{d.rule}]</span>
        </li>
      ))}
    </ul>
  );
}
