/**
 * Home's install offer (where the browser offers one): its own module, fetched when the offer comes, so
 * the first screen carries neither it nor its words.
 */
import { dismissInstall, install, installDismissed, installPrompt } from '../shell/install';
import * as m from '../words/paraglide/messages.js';
import './home.css';

/** The install offer's card, until the player installs the app or says "Not now" (HomeScreen's InstallOffer). */
export function InstallCard() {
  if (!installPrompt.value || installDismissed.value) return null;
  return (
    <section class="install-card" aria-labelledby="install-heading">
      <h2 id="install-heading">{m.home_install_heading()}</h2>
      <p>{m.home_install_text()}</p>
      <div class="install-buttons">
        <button type="button" class="primary" onClick={() => void install()}>
          {m.home_install_button()}
        </button>
        <button type="button" onClick={dismissInstall}>
          {m.home_install_not_now()}
        </button>
      </div>
    </section>
  );
}
