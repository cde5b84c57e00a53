/** The app shell: header, saved-data notice, and the page for the current hash route. */
import { useSyncExternalStore } from 'react';
import { HomePage } from './components/home-page.tsx';
import { LessonPage } from './components/lesson-page.tsx';
import { WorkActions } from './components/work-actions.tsx';
import { useCourse } from './course-store.ts';
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
  const { diagnostics } = useCourse();
  if (!import.meta.env.DEV || diagnostics.length === 0) return null;
  return (
    <details className="notice dev-diagnostics">
      <summary>
        {diagnostics.length} content {diagnostics.length === 1 ? 'problem' : 'problems'} (shown in the instructors' preview only)
      </summary>
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
    </details>
  );
}

export function App() {
  const route = useRoute();
  const { course } = useCourse();
  const { screenReader } = usePreferences();
  const lesson = route.page === 'lesson' ? course.lessons.find((l) => l.id === route.lessonId) : undefined;

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
        {route.page === 'home' && <HomePage course={course} />}
        {route.page === 'lesson' && lesson && <LessonPage key={lesson.id} lesson={lesson} course={course} />}
        {((route.page === 'lesson' && !lesson) || route.page === 'not-found') && (
          <div>
            <h1>Page not found</h1>
            <p>
              There is no page at this address. <a href={hrefOf({ page: 'home' })}>Go to the list of lessons</a>.
            </p>
          </div>
        )}
      </main>
    </>
  );
}
