/**
 * A mermaid diagram, rendered when it comes into view (mermaid is a lazy chunk). While loading,
 * and for screen readers, the source is available; a diagram that fails to render shows the
 * error and its source, never a blank.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useColorScheme } from '../hooks/use-color-scheme.ts';
import { useInView } from '../hooks/use-in-view.ts';

type DiagramState = { phase: 'waiting' } | { phase: 'rendered'; svg: string } | { phase: 'failed'; message: string };

let mermaidModule: Promise<typeof import('mermaid').default> | undefined;
let renderQueue: Promise<unknown> = Promise.resolve();

function loadMermaid() {
  mermaidModule ??= import('mermaid').then((m) => m.default);
  return mermaidModule;
}

// Mermaid's own dark theme puts edge labels on a grey that fails WCAG contrast; only the base
// theme takes variables, so the dark look is built on it with the page's dark palette.
const darkTheme = {
  theme: 'base',
  themeVariables: {
    darkMode: true,
    background: '#0d1117',
    primaryColor: '#1f2937',
    primaryTextColor: '#e6edf3',
    primaryBorderColor: '#9198a1',
    secondaryColor: '#161b22',
    tertiaryColor: '#161b22',
    lineColor: '#9198a1',
    textColor: '#e6edf3',
    edgeLabelBackground: '#0d1117',
    clusterBkg: '#161b22',
  },
} as const;

/** Renders one diagram; mermaid's render is not re-entrant, so calls are queued. */
function renderDiagram(id: string, source: string, dark: boolean): Promise<string> {
  const next = renderQueue.then(async () => {
    const mermaid = await loadMermaid();
    // securityLevel strict: labels are text, no click handlers or HTML from the diagram source.
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', ...(dark ? darkTheme : { theme: 'default' }) });
    try {
      const { svg } = await mermaid.render(id, source);
      return svg;
    } finally {
      // On a parse error mermaid may leave its temporary element in the body.
      document.getElementById(id)?.remove();
      document.getElementById(`d${id}`)?.remove();
    }
  });
  renderQueue = next.catch(() => undefined);
  return next;
}

export interface MermaidDiagramProps {
  source: string;
  /** Used in the accessible name of the figure. */
  label?: string;
}

export function MermaidDiagram({ source, label = 'Diagram' }: MermaidDiagramProps) {
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref);
  const scheme = useColorScheme();
  const rawId = useId();
  const [state, setState] = useState<DiagramState>({ phase: 'waiting' });

  useEffect(() => {
    if (!inView) return;
    let live = true;
    const id = `mermaid-${rawId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
    renderDiagram(id, source, scheme === 'dark').then(
      (svg) => live && setState({ phase: 'rendered', svg }),
      (error: unknown) => live && setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [inView, source, scheme, rawId]);

  return (
    <figure ref={ref} className={`diagram diagram-${state.phase}`} aria-label={label}>
      {state.phase === 'rendered' && <div className="diagram-svg" dangerouslySetInnerHTML={{ __html: state.svg }} />}
      {state.phase === 'waiting' && <p className="diagram-loading">Drawing the diagram…</p>}
      {state.phase === 'failed' && (
        <div className="diagram-error" role="alert">
          <p>This diagram could not be drawn: {state.message}</p>
          <p>Here is its source instead:</p>
        </div>
      )}
      {state.phase === 'failed' ? (
        <pre tabIndex={0} className="diagram-source">
          <code>{source}</code>
        </pre>
      ) : (
        <details className="diagram-text">
          <summary>Diagram as text</summary>
          <pre tabIndex={0}>
            <code>{source}</code>
          </pre>
        </details>
      )}
    </figure>
  );
}
