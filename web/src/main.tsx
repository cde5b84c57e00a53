import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { loadLesson } from './course-store.ts';
import { parseRoute } from './state/route.ts';
import './styles.css';

/**
 * How long the first render waits for the opened lesson's chunk before it shows the shell alone.
 * index.html preloads the chunk beside the entry script (web/lesson-preload.ts), so it is
 * usually there already; a slow network gets the shell, then the lesson, as without the wait.
 */
const LESSON_WAIT_MS = 500;

function render(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html must contain <div id="root">.');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Opened on a lesson: one render with the lesson in it. Rendering the shell first, then the
// lesson when its chunk came, made the page render and paint twice before the text showed.
const route = parseRoute(window.location.hash);
if (route.page === 'lesson') void Promise.race([loadLesson(route.lessonId), new Promise((resolve) => setTimeout(resolve, LESSON_WAIT_MS))]).then(render);
else render();
