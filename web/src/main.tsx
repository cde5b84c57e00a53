import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { loadLesson } from './course-store.ts';
import { parseRoute } from './state/route.ts';
import './styles.css';

// Opened on a lesson: fetch its chunk now. Left to the lesson route's effect, the request would
// wait until the shell had rendered and painted (effects run after paint), in series with it.
const route = parseRoute(window.location.hash);
if (route.page === 'lesson') void loadLesson(route.lessonId);

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
