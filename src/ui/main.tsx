import { render } from 'preact';
import { App } from './App';
import { offlineReady, registerServiceWorker, updateReady } from './pwa';
import './styles.css';

function Root() {
  return (
    <>
      <App />
      <div class="toasts" aria-live="polite">
        {offlineReady.value && <p class="toast">Ready to work offline.</p>}
        {updateReady.value && (
          <p class="toast">
            Update available.{' '}
            <button type="button" onClick={updateReady.value}>
              Reload
            </button>
          </p>
        )}
      </div>
    </>
  );
}

render(<Root />, document.getElementById('app')!);
registerServiceWorker();
