/** The app shell: header, saved-data notice, and the page for the current hash route. */
import { useEffect, useSyncExternalStore } from 'react';
import { DiagnosticList } from './components/diagnostic-list.tsx';
import { HomePage } from './components/home-page.tsx';
import { LessonPage } from './components/lesson-page.tsx';
import { WorkActions } from './components/work-actions.tsx';
import { useCourseOutline, useLesson } from './course-store.ts';
import type { CourseOutline } from './course/split.ts';
import { setPreferences, usePreferences } from './hooks/use-preferences.ts';
import { progressStore, useProgress } from './progress-hooks.ts';
import { describeProblem } from './state/progress-storage.ts';
import { hrefOf, parseRoute } from './state/route.ts';

function subscribeHash(listener: () => void) {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

function useRoute() {
  return parseRoute(useSyncExternalStore(subscribeHash, () => window.location.hash));
}

function StorageNotice() {
  const { problem } = useProgress();
  if (!problem) return null;
  return (
    <div className="notice storage-notice" role="alert">
      <p>{describeProblem(problem)}</p>
      {problem !== 'unavailable' && (
        <button type="button" onClick={() => progressStore.resetSaved()}>
          Reset saved data
        </button>
      )}
    </div>
  );
}

function DevDiagnostics() {
  const { diagnostics } = useCourseOutline();
  if (!import.meta.env.DEV || diagnostics.length === 0) return null;
  return (
    <details className="notice dev-diagnostics">
      <summary>
        {diagnostics.length} content {diagnostics.length === 1 ? 'problem' : 'problems'} (shown in the instructors' preview only)
      </summary>
      <DiagnosticList diagnostics={diagnostics} />
    </details>
  );
}

function NotFound() {
  useEffect(() => {
    document.title = 'Page not found · Build a JSON-RPC router';
  }, []);
  return (
    <div>
      <h1>Page not found</h1>
      <p>
        There is no page at this address. <a href={hrefOf({ page: 'home' })}>Go to the list of lessons</a>.
      </p>
    </div>
  );
}

/** A lesson page once its chunk has arrived; its title shows from the outline meanwhile. */
function LessonRoute({ lessonId, outline }: { lessonId: string; outline: CourseOutline }) {
  const state = useLesson(lessonId);
  const title = outline.lessons.find((l) => l.id === lessonId)?.title;
  if (state.status === 'ready') {
    return <LessonPage key={lessonId} bundle={state.bundle} outline={outline} />;
  }
  if (state.status === 'missing' || title === undefined) return <NotFound />;
  return (
    <div>
      <h1>{title}</h1>
      {state.status === 'failed' ? <p className="notice">{state.message}</p> : <p className="muted">Loading the lesson…</p>}
    </div>
  );
}

export function App() {
  const route = useRoute();
  const { outline } = useCourseOutline();
  const { screenReader } = usePreferences();

  return (
    <>
      <a className="skip-link" href="#main" onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}>
        Skip to content
      </a>
      <header className="site-header">
        <a className="site-title" href={hrefOf({ page: 'home' })}>
          JSON-RPC router course
        </a>
        <div className="header-actions">
          <WorkActions />
          <label className="sr-toggle">
            <input
              type="checkbox"
              checked={screenReader === 'on'}
              onChange={(e) => setPreferences({ screenReader: e.target.checked ? 'on' : 'auto' })}
            />
            Screen reader mode for editors
          </label>
        </div>
      </header>
      <StorageNotice />
      <DevDiagnostics />
      <main id="main" tabIndex={-1}>
        {route.page === 'home' && <HomePage outline={outline} />}
        {route.page === 'lesson' && <LessonRoute key={route.lessonId} lessonId={route.lessonId} outline={outline} />}
        {route.page === 'not-found' && <NotFound />}
      </main>
    </>
  );
}
